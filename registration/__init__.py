"""Registration before the day (Voranmeldung) and the desk's check-in by scanning.

Built on ``tournaments``: it reads the tournaments, their entries and the register and
sells entries through ``tournaments.services``; the desk's page shows its section through
``tournaments.signals.desk_sections``."""
