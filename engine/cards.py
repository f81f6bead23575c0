"""Cards, suits, ranks and the 20-card Schnapsen deck.

A card is a small immutable value, :class:`Card`, an ``IntEnum`` whose members are named by
the canonical card code (rank letter + suit letter, see GLOSSARY.md): ``Card.QH`` is the
Queen (Dame/Ober) of Hearts (Herz). ``int(card)`` is its index 0..19 (suit-major: hearts
0-4, diamonds 5-9, spades 10-14, clubs 15-19; within a suit A, T, K, Q, J), so a set of
cards is a 20-bit integer mask (``1 << card``). This is what the engine uses internally.

Card points (Augen): A 11, T 10, K 4, Q 3, J 2; the ranking inside a suit follows the
points (reference 000 "Die Karten", 003 table).
"""

from __future__ import annotations

from enum import IntEnum

from .messages import ReasonError

SUIT_LETTERS = "HDSC"
RANK_LETTERS = "ATKQJ"
RANK_POINTS = (11, 10, 4, 3, 2)

FRENCH_SUIT_NAMES = ("Herz", "Karo", "Pik", "Kreuz")
GERMAN_SUIT_NAMES = ("Herz", "Schelle", "Laub", "Eichel")  # doppeldeutsch
ENGLISH_SUIT_NAMES = ("Hearts", "Diamonds", "Spades", "Clubs")
FRENCH_RANK_NAMES = ("Ass", "Zehner", "König", "Dame", "Bube")
GERMAN_RANK_NAMES = ("Daus", "Zehner", "König", "Ober", "Unter")  # doppeldeutsch
ENGLISH_RANK_NAMES = ("Ace", "Ten", "King", "Queen", "Jack")


class Suit(IntEnum):
    HEARTS = 0
    DIAMONDS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    def german_name(self, deck: str = "french") -> str:
        """``deck`` is ``"french"`` (Herz, Karo, Pik, Kreuz) or ``"german"``
        (doppeldeutsch: Herz, Schelle, Laub, Eichel)."""
        return (GERMAN_SUIT_NAMES if deck == "german" else FRENCH_SUIT_NAMES)[self]

    @property
    def english_name(self) -> str:
        return ENGLISH_SUIT_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        i = SUIT_LETTERS.find(text.strip().upper()) if len(text.strip()) == 1 else -1
        if i < 0:
            raise ReasonError("suit_unknown", text=repr(text))
        return cls(i)

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """Ranks, strongest first (index 0 beats index 1 in the same suit)."""

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]

    @property
    def points(self) -> int:
        return RANK_POINTS[self]

    def german_name(self, deck: str = "french") -> str:
        return (GERMAN_RANK_NAMES if deck == "german" else FRENCH_RANK_NAMES)[self]

    def __str__(self) -> str:
        return self.letter


class Card(IntEnum):
    """One of the 20 cards; the member name is the card code (``str(Card.QH) == "QH"``)."""

    AH = 0
    TH = 1
    KH = 2
    QH = 3
    JH = 4
    AD = 5
    TD = 6
    KD = 7
    QD = 8
    JD = 9
    AS = 10
    TS = 11
    KS = 12
    QS = 13
    JS = 14
    AC = 15
    TC = 16
    KC = 17
    QC = 18
    JC = 19

    @property
    def suit(self) -> Suit:
        return Suit(self // 5)

    @property
    def rank(self) -> Rank:
        return Rank(self % 5)

    @property
    def points(self) -> int:
        return RANK_POINTS[self % 5]

    @property
    def code(self) -> str:
        return self.name

    @property
    def bit(self) -> int:
        return 1 << self

    def german_name(self, deck: str = "french") -> str:
        """``Herz Dame`` (French deck) or ``Herz Ober`` (doppeldeutsch, ``deck="german"``)."""
        return f"{self.suit.german_name(deck)} {self.rank.german_name(deck)}"

    @property
    def english_name(self) -> str:
        return f"{ENGLISH_RANK_NAMES[self % 5]} of {ENGLISH_SUIT_NAMES[self // 5]}"

    def beats(self, other: Card, trump: Suit) -> bool:
        """True if this card, played second, wins a trick led with ``other``."""
        if self // 5 == other // 5:
            return self < other
        return self // 5 == trump

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code such as ``QH`` (case-insensitive; ``10H`` is accepted for ``TH``)."""
        text = code.strip().upper()
        if text.startswith("10"):
            text = "T" + text[2:]
        if len(text) != 2 or text[0] not in RANK_LETTERS or text[1] not in SUIT_LETTERS:
            raise ReasonError("card_unknown", text=repr(code))
        return cls(SUIT_LETTERS.index(text[1]) * 5 + RANK_LETTERS.index(text[0]))

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return cls(int(suit) * 5 + int(rank))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.{self.name}"


ALL_CARDS: tuple[Card, ...] = tuple(Card)
FULL_MASK = (1 << 20) - 1
BITS = tuple(1 << c for c in range(20))  # BITS[i] is the mask of the card with index i
SUIT_MASKS: tuple[int, ...] = tuple(0b11111 << (5 * s) for s in range(4))
CARD_POINTS: tuple[int, ...] = tuple(RANK_POINTS[i % 5] for i in range(20))


def mask_of(cards) -> int:
    """The bit mask of an iterable of cards (or card indices)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_CARDS_OF_CACHE: dict[int, tuple[Card, ...]] = {}


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order (cached: hands repeat a lot)."""
    got = _CARDS_OF_CACHE.get(mask)
    if got is None:
        got = tuple(ALL_CARDS[i] for i in range(20) if mask >> i & 1)
        if len(_CARDS_OF_CACHE) < 1 << 16:
            _CARDS_OF_CACHE[mask] = got
    return got


def parse_cards(text) -> list[Card]:
    """Parse ``"QH KH AS"`` (spaces or commas) or a list of codes into cards."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [c if isinstance(c, Card) else Card.parse(c) for c in text]


def new_deck() -> list[Card]:
    """The 20 cards in index order (AH TH KH QH JH AD ... JC)."""
    return list(ALL_CARDS)
