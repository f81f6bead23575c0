"""A realistic demo tournament: about 40 players, 64 entries laid out with some
byes, round 1 played, round 2 partway. Seeded, so the same seed gives the same demo.

``create_demo_season`` adds a second club with a finished tournament, a finished
earlier tournament of the demo club, and a season series over the three, and the demo
staff logins: ``demo`` (organiser), ``kassa`` (desk), ``tisch`` (table staff) and
``schiri`` (referee) of the demo club, each with his name as password."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

from django.db import transaction

from clubs.services import club_for_name, grant_role

from . import services
from .models import Outcome, Player
from .signals import demo_season

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


WOMEN = {
    "Maria",
    "Anna",
    "Theresia",
    "Gertrude",
    "Rosa",
    "Hildegard",
    "Elfriede",
    "Erika",
    "Brigitte",
    "Ingrid",
    "Christine",
    "Hedwig",
    "Paula",
}
DEMO_CLUB = "Schnapsclub Herz-Ass"
OTHER_CLUB = "Kartenrunde Tulln"
DEMO_LOGINS = {"demo": "organiser", "kassa": "desk", "tisch": "table", "schiri": "referee"}


@transaction.atomic
def create_demo(*, seed: int = 2026, actor=None):
    rng = random.Random(seed)
    t = services.create_tournament(
        name="Preisschnapsen des SC Herz-Ass",
        date=datetime.date.today(),
        venue="Gasthaus Zur Linde, Krems",
        club=club_for_name(DEMO_CLUB),
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
        player = services.find_or_register_player(name, town=rng.choice(TOWNS), club=t.club)
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


def create_demo_danish(*, seed: int = 2026, actor=None):
    """A club evening by the Danish system: 14 players, 5 rounds, 3 played, round 4
    half played (the demo shows the Danish standings and pairing by score)."""
    rng = random.Random(seed + 2)
    t = services.create_tournament(
        name="Clubabend nach dänischem System",
        date=datetime.date.today(),
        venue="Gasthaus Zur Linde, Krems",
        club=club_for_name(DEMO_CLUB),
        field_size=16,
        format="danish",
        danish_rounds=5,
        max_entries_per_player=1,
        entry_fee=Decimal("5.00"),
        match_bummerl=2,
        prizes=[("", Decimal("40")), ("", Decimal("25")), ("Flasche Wein", None)],
        seed=seed,
        actor=actor,
    )
    names = rng.sample([f"{f} {last}" for f in FIRST_NAMES for last in LAST_NAMES], 14)
    for name in names:
        player = services.find_or_register_player(name, town=rng.choice(TOWNS), club=t.club)
        services.sell_entries(t, player, 1, paid=True, actor=actor)
    for number in range(1, 5):
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40), actor=actor)
        rnd = services.release_round(rnd, actor=actor)
        open_pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"))
        if number == 4:
            open_pairings = open_pairings[: len(open_pairings) // 2]
        for p in open_pairings:
            services.record_result(
                p, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2)), actor=actor
            )
    return t


def create_demo_teams(*, seed: int = 2026, actor=None):
    """A Preis-Bauernschnapsen of teams of two: 12 teams, 14 entries in a field of 16,
    round 1 released and half played (to one Bummerl from 24)."""
    rng = random.Random(seed + 3)
    t = services.create_tournament(
        name="Preis-Bauernschnapsen",
        date=datetime.date.today(),
        venue="Gasthaus Zur Linde, Krems",
        club=club_for_name(DEMO_CLUB),
        field_size=16,
        game="bauernschnapsen",
        max_entries_per_player=2,
        entry_fee=Decimal("16.00"),
        match_bummerl=1,
        prizes=[("", Decimal("100")), ("", Decimal("60")), ("Schinken", None), ("Wein", None)],
        seed=seed,
        actor=actor,
    )
    names = rng.sample([f"{f} {last}" for f in FIRST_NAMES for last in LAST_NAMES], 24)
    counts = [2, 2] + [1] * 10
    for i, count in enumerate(counts):
        town = rng.choice(TOWNS)
        player = services.find_or_register_player(names[2 * i], town=town, club=t.club)
        partner = services.find_or_register_player(names[2 * i + 1], town=town, club=t.club)
        services.sell_entries(t, player, count, partner=partner, paid=True, actor=actor)
    rnd = services.draw_next_round(t, seed=rng.randrange(2**40), actor=actor)
    rnd = services.release_round(rnd, actor=actor)
    open_pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"))
    for p in open_pairings[: len(open_pairings) // 2]:
        services.record_result(p, winner=rng.choice(["left", "right"]), score=(1, 0), actor=actor)
    return t


def demo_logins():
    """The demo club's staff logins (password = user name), made if missing."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    club = club_for_name(DEMO_CLUB)
    made = []
    for name, role in DEMO_LOGINS.items():
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User.objects.create_user(name, password=name)
            made.append(name)
        grant_role(club, user, role)
    return made


def _finished(name, club, date, venue, rng, names, *, categories=()):
    t = services.create_tournament(
        name=name,
        date=date,
        venue=venue,
        club=club,
        field_size=16,
        max_entries_per_player=2,
        entry_fee=Decimal("8.00"),
        prizes=[("", Decimal("60")), ("", Decimal("40")), ("", Decimal("20")), ("Wein", None)],
        seed=rng.randrange(2**40),
    )
    made = {c: services.add_category(t, c, [("Blumenstrauß", None)]) for c in categories}

    for name_ in names:
        town = rng.choice(TOWNS)
        player = Player.objects.current().filter(name=name_).order_by("pk").first()
        if player is None:  # a regular is the same register entry in every tournament
            player = services.find_or_register_player(name_, town=town, club=club)
        first = name_.split()[0]
        wanted = [
            made[c]
            for c in categories
            if (c == "Damen" and first in WOMEN) or (c == "Senioren" and rng.random() < 0.25)
        ]
        services.sell_entries(t, player, 1, paid=True, categories=wanted)
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=rng.randrange(2**40)))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN):
            services.record_result(
                p, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2))
            )
    return t


@transaction.atomic
def create_demo_season(main, *, seed: int = 2026):
    """Two finished tournaments before ``main`` (one of another club); the apps built on
    tournaments make more of the season (``signals.demo_season``: the series app the
    series "Donau-Cup" over the three), and the first answer is returned."""
    rng = random.Random(seed + 1)
    pool = [e.player.name for e in main.entries.select_related("player")]
    pool = sorted(set(pool))
    today = datetime.date.today()
    first = _finished(
        "Herbstschnapsen Tulln",
        club_for_name(OTHER_CLUB),
        today - datetime.timedelta(days=42),
        "Vereinsheim Tulln",
        rng,
        rng.sample(pool, 12) + ["Hedwig Strasser", "Otto Brandl", "Paula Sommer", "Kurt Lang"],
        categories=["Damen"],
    )
    regulars = [e.player.name for e in first.entries.select_related("player")]
    second = _finished(
        "Adventschnapsen Krems",
        club_for_name(DEMO_CLUB),
        today - datetime.timedelta(days=14),
        "Gasthaus Zur Linde, Krems",
        rng,
        rng.sample(sorted(regulars), 12) + rng.sample([n for n in pool if n not in regulars], 4),
        categories=["Damen", "Senioren"],
    )
    made = demo_season.send(sender=None, main=main, finished=(first, second))
    return next((answer for _receiver, answer in made if answer is not None), None)
