import datetime

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry, Outcome, Pairing, Player, Round, Side, Tournament

NAMES = [
    "Jürgen Größinger",
    "Änne Öhlinger",
    "Ömer Ünal",
    "Karl Maier",
    "Sepp Straßer",
    "Maria Weiß",
    "Fritz Müller",
    "Rosa Hößl",
]


@pytest.fixture
def small_tournament(db):
    """16 entries of 8 players (two each), round 1 drawn and released."""
    t = services.create_tournament(
        name="Preisschnapsen Größenwörth",
        date=datetime.date(2026, 3, 14),
        field_size=16,
        club_name="Schnapsclub Ötztal",
        venue="Gasthaus Weiß",
        entry_fee=10,
        max_entries_per_player=2,
        prizes=[("Schinken", 100), ("Wurstkorb", None)],
        seed=7,
    )
    for i, name in enumerate(NAMES):
        player = services.find_or_register_player(name, town="Sölden")
        services.sell_entries(t, player, 2, paid=i % 2 == 0)
    rnd = services.draw_next_round(t, seed=11)
    services.release_round(rnd)
    return t


def bulk_tournament(entries: int, *, field_size: int = 1024) -> Tournament:
    """A tournament of ``entries`` entries with round 1 laid out, built in a few
    bulk inserts (no services: quick enough for a 1024 field)."""
    t = Tournament.objects.create(
        name="Großes Preisschnapsen", date=datetime.date(2026, 3, 14), field_size=field_size
    )
    players = Player.objects.bulk_create(
        Player(name=f"{NAMES[i % len(NAMES)]} {i:04d}") for i in range((entries + 1) // 2)
    )
    rows = Entry.objects.bulk_create(
        Entry(tournament=t, player=players[i // 2], number=i + 1, paid=i % 3 == 0)
        for i in range(entries)
    )
    if not rows:
        return t
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.RELEASED, seed=1)
    now = timezone.now()
    pairings = []
    for n in range(1, field_size // 2 + 1):
        left = rows[(n - 1) % len(rows)]
        right_index = field_size // 2 + n - 1
        right = rows[right_index] if right_index < len(rows) else None
        pairings.append(
            Pairing(
                round=rnd,
                number=n,
                left=left,
                right=right,
                outcome=Outcome.OPEN if right else Outcome.BYE,
                winner="" if right else Side.LEFT,
                decided_at=None if right else now,
            )
        )
    Pairing.objects.bulk_create(pairings)
    return t
