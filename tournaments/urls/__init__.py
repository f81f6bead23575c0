"""URL files split by audience: ``staff`` (login required) and ``public``."""
