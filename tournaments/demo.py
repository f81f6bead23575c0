"""A realistic demo tournament: about 40 players, 64 entries laid out with some
byes, round 1 played, round 2 partway. Seeded, so the same seed gives the same demo."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

from django.db import transaction

from . import services
from .models import Outcome

FIRST_NAMES = [
    "Franz",
    "Josef",
    "Karl",
    "Johann",
    "Maria",
    "Anna",
    "Leopold",
    "Theresia",
    "Hermann",
    "Gertrude",
    "Alois",
    "Rosa",
    "Ferdinand",
    "Hildegard",
    "Walter",
    "Elfriede",
    "Rudolf",
    "Erika",
    "Helmut",
    "Brigitte",
    "Günther",
    "Ingrid",
    "Manfred",
    "Christine",
    "Wolfgang",
]
LAST_NAMES = [
    "Huber",
    "Gruber",
    "Bauer",
    "Wagner",
    "Müller",
    "Pichler",
    "Steiner",
    "Moser",
    "Mayer",
    "Hofer",
    "Leitner",
    "Berger",
    "Fuchs",
    "Eder",
    "Fischer",
    "Schmid",
    "Winkler",
    "Weber",
    "Schwarz",
    "Maier",
    "Schneider",
    "Reiter",
    "Mayr",
    "Schmidt",
    "Wimmer",
    "Egger",
]
TOWNS = ["Wien", "St. Pölten", "Krems", "Tulln", "Baden", "Mödling", "Amstetten", "Melk"]


@transaction.atomic
def create_demo(*, seed: int = 2026, actor=None):
    rng = random.Random(seed)
    t = services.create_tournament(
        name="Preisschnapsen des SC Herz-Ass",
        date=datetime.date.today(),
        venue="Gasthaus Zur Linde, Krems",
        club_name="Schnapsclub Herz-Ass",
        field_size=64,
        max_entries_per_player=3,
        entry_fee=Decimal("10.00"),
        rule_profile="weich",
        match_bummerl=2,
        prizes=[
            ("Gans", Decimal("200")),
            ("Geschenkkorb", Decimal("120")),
            ("", Decimal("80")),
            ("", Decimal("60")),
            ("Flasche Wein", None),
            ("Flasche Wein", None),
            ("Salami", None),
            ("Salami", None),
        ],
        seed=seed,
        actor=actor,
    )
    names = rng.sample([f"{f} {last}" for f in FIRST_NAMES for last in LAST_NAMES], 40)
    # 40 players, 58 entries: 26 with one, 10 with two, 4 with three; 6 byes
    counts = [1] * 26 + [2] * 10 + [3] * 4
    rng.shuffle(counts)
    for name, count in zip(names, counts, strict=True):
        player = services.find_or_register_player(name, town=rng.choice(TOWNS))
        services.sell_entries(t, player, count, paid=rng.random() < 0.9, actor=actor)
    for number in (1, 2):
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40), actor=actor)
        rnd = services.release_round(rnd, actor=actor)
        open_pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"))
        if number == 2:
            open_pairings = open_pairings[: len(open_pairings) // 2]
        for p in open_pairings:
            if rng.random() < 0.04:
                services.record_result(
                    p, winner=rng.choice(["left", "right"]), walkover=True, actor=actor
                )
            else:
                services.record_result(
                    p,
                    winner=rng.choice(["left", "right"]),
                    score=(2, rng.randrange(2)),
                    actor=actor,
                )
    return t
