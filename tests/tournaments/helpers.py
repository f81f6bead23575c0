"""Shared helpers for the tournament tests: build a field and play rounds."""

import datetime
import random

from tournaments import services
from tournaments.models import Outcome, Round


def make_tournament(field_size=16, *, entries=(), **terms):
    """A tournament with players selling ``entries`` (entries per player, one item each).

    With ``game="bauernschnapsen"`` the entries are sold to teams of two ("Spieler 001" and
    "Partner 001", ...), one item per team."""
    terms.setdefault("max_entries_per_player", max(list(entries) + [3]))
    if terms.get("game") == "bauernschnapsen":
        terms.setdefault("match_bummerl", 1)
    t = services.create_tournament(
        name=terms.pop("name", "Preisschnapsen"),
        date=terms.pop("date", datetime.date(2026, 11, 28)),
        field_size=field_size,
        seed=terms.pop("seed", 12345),
        **terms,
    )
    for i, count in enumerate(entries):
        player = services.find_or_register_player(f"Spieler {i + 1:03d}", town="Wien")
        partner = None
        if t.for_teams:
            partner = services.find_or_register_player(f"Partner {i + 1:03d}", town="Linz")
        services.sell_entries(t, player, count, partner=partner, paid=i % 3 != 0)
    return t


def play_open(rnd, rng: random.Random, *, bummerl=2, walkover_rate=0.05):
    """Release the round if needed and enter a random result for every open pairing."""
    if rnd.status == Round.Status.DRAFT:
        rnd = services.release_round(rnd)
    for p in rnd.pairings.filter(outcome=Outcome.OPEN):
        winner = rng.choice(["left", "right"])
        if rng.random() < walkover_rate:
            services.record_result(p, winner=winner, walkover=True)
        else:
            services.record_result(p, winner=winner, score=(bummerl, rng.randrange(bummerl)))
    return rnd


def run_to_end(t, rng: random.Random, check=None):
    """Draw and play every round until the final is decided; ``check(t)`` after each step."""
    while services.tournament_phase(t) != "finished":
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40))
        if check:
            check(t)
        play_open(rnd, rng, bummerl=t.match_bummerl)
        if check:
            check(t)
    return t
