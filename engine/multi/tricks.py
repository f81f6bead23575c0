"""Trick play for three or four players on card masks: ranking, who wins, what may be
played (Farb- und Stichzwang), shared by the game states and the open-card solver.

Cards are the two-player engine's (``engine.cards``): index ``suit * 5 + rank``
with ranks A T K Q J, a hand is a 20-bit mask. ``trump`` is a suit 0..3 or ``-1`` for the
games without trump (reference 004: "Bei einigen Spielen ... sind die Farben einander
gleichwertig"). ``ace_low`` ranks the ace below the jack (T K Q J A: Assenbettler and
Zehnergang, 004).

The rule of play (004 "Spielablauf": "Beim Bauernschnapsen herrscht Farb- und
Stichzwang"; "Besitzt ein Spieler keine Karte der gespielten Farbe, so muss er mit Atout
stechen"; "wer also stechen kann, muss das auch tun"), for the card ``win`` that is
winning the trick so far:

1. holding the suit led: play it, and higher than ``win`` if ``win`` is of that suit and
   a higher card is held; if the trick is already trumped any card of the suit led;
2. void in the suit led, holding trumps: a trump, higher than ``win`` if ``win`` is a
   trump and a higher one is held; if only lower trumps are held, ``trump_when_beaten``
   says whether a (lower) trump must still be played (``True``: 004's "muss er mit Atout
   stechen" read literally) or any card may be (``False``: the trump would not win, so
   Stichzwang asks nothing);
3. otherwise any card.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, SUIT_MASKS

__all__ = [
    "BEATS",
    "CARD_POINTS",
    "SUIT_MASKS",
    "beats",
    "follow_mask",
    "cards_of_mask",
    "strength",
]


def strength(card: int, ace_low: bool) -> int:
    """0 for the strongest rank of a suit, 4 for the weakest."""
    r = card % 5
    return (r - 1) % 5 if ace_low else r


# BEATS[ace_low][card]: the cards of card's suit that beat it.
BEATS: tuple[tuple[int, ...], tuple[int, ...]] = tuple(
    tuple(
        sum(
            1 << (c - c % 5 + r)
            for r in range(5)
            if strength(c - c % 5 + r, bool(low)) < strength(c, bool(low))
        )
        for c in range(20)
    )
    for low in (0, 1)
)  # type: ignore[assignment]


def beats(card: int, win: int, trump: int, ace_low: bool) -> bool:
    """True if ``card`` played now takes the trick from ``win`` (the winning card so
    far, of the suit led or a trump)."""
    if card // 5 == win // 5:
        return bool(BEATS[ace_low][win] >> card & 1)
    return card // 5 == trump


def follow_mask(
    hand: int, led: int, win: int, trump: int, ace_low: bool, trump_when_beaten: bool
) -> int:
    """The cards of ``hand`` that may be played to a trick led in suit ``led`` whose
    winning card so far is ``win`` (see the module docstring)."""
    same = hand & SUIT_MASKS[led]
    if same:
        if win // 5 == led:
            return (same & BEATS[ace_low][win]) or same
        return same
    if trump >= 0:
        tr = hand & SUIT_MASKS[trump]
        if tr:
            if win // 5 == trump:
                over = tr & BEATS[ace_low][win]
                if over:
                    return over
                return tr if trump_when_beaten else hand
            return tr
    return hand


_CARDS: dict[int, tuple[int, ...]] = {}


def cards_of_mask(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, ascending (cached)."""
    got = _CARDS.get(mask)
    if got is None:
        got = tuple(i for i in range(20) if mask >> i & 1)
        if len(_CARDS) < 1 << 18:
            _CARDS[mask] = got
    return got


def points_of(mask: int) -> int:
    return sum(CARD_POINTS[c] for c in cards_of_mask(mask))
