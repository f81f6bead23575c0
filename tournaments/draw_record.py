"""What a draw produces and how it is stored, as small immutable values: the holders
of entries, each draw from a pot (``DrawStep``), the pairings, and ``DrawResult`` with
its protocol (``to_protocol``/``from_protocol``, the JSON kept with the round). The
procedure that makes and checks draws is ``tournaments.draw``, which exports these too.

No Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

LEFT = "left"
RIGHT = "right"
POTS = (LEFT, RIGHT)
COMPUTED = "computed"
TRANSCRIBED = "transcribed"
PROTOCOL_VERSION = 1


class DrawError(ValueError):
    """A draw cannot be made or checked; the message says what is wrong.

    ``step`` is the 1-based line of the transcript (or step of the protocol) the
    problem is in, when there is one. ``code`` names the kind of problem and
    ``params`` its details, for callers that want to word the message themselves
    (for instance in German).
    """

    def __init__(
        self,
        message: str,
        *,
        step: int | None = None,
        code: str = "invalid",
        params: Mapping[str, object] | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.step = step
        self.code = code
        self.params = dict(params or {})


@dataclass(frozen=True)
class Holder:
    """A player and his entries in play; his draws go to these entries in order."""

    player: int
    entries: tuple[int, ...]


@dataclass(frozen=True)
class DrawStep:
    """One number taken from a pot."""

    seq: int
    player: int
    pot: str
    number: int
    kept: bool
    entry: int | None


@dataclass(frozen=True)
class DrawnPairing:
    """Number ``number`` from both pots; ``right`` is None for a bye (Freilos)."""

    number: int
    left: int
    right: int | None
    self_meeting: bool

    @property
    def bye(self) -> bool:
        return self.right is None


@dataclass(frozen=True)
class DrawResult:
    pot_size: int
    seed: int | None
    order: tuple[int, ...]
    steps: tuple[DrawStep, ...]
    pairings: tuple[DrawnPairing, ...]
    method: str
    # Extras kept for the protocol and for replay.
    holders: tuple[Holder, ...] = ()
    multi_first: bool | None = None
    order_given: bool = False

    def byes(self) -> tuple[int, ...]:
        """Entry keys that advance on a bye, by number."""
        return tuple(p.left for p in self.pairings if p.right is None)

    def self_meetings(self) -> tuple[DrawnPairing, ...]:
        """Pairings in which a player met himself (his right entry is surrendered)."""
        return tuple(p for p in self.pairings if p.self_meeting)

    def matches(self) -> tuple[DrawnPairing, ...]:
        """Pairings that are played: neither a bye nor a self-meeting."""
        return tuple(p for p in self.pairings if p.right is not None and not p.self_meeting)

    def redraws(self) -> tuple[DrawStep, ...]:
        return tuple(s for s in self.steps if not s.kept)

    def entries_in_play(self) -> int:
        return sum(1 for s in self.steps if s.kept)

    def to_protocol(self) -> dict:
        """A complete, JSON-able record of the draw; ``from_protocol`` is its inverse."""
        return {
            "version": PROTOCOL_VERSION,
            "method": self.method,
            "pot_size": self.pot_size,
            "seed": self.seed,
            "multi_first": self.multi_first,
            "order_given": self.order_given,
            "order": list(self.order),
            "holders": [{"player": h.player, "entries": list(h.entries)} for h in self.holders],
            "steps": [
                {
                    "seq": s.seq,
                    "player": s.player,
                    "pot": s.pot,
                    "number": s.number,
                    "kept": s.kept,
                    "entry": s.entry,
                }
                for s in self.steps
            ],
            "pairings": [
                {
                    "number": p.number,
                    "left": p.left,
                    "right": p.right,
                    "self_meeting": p.self_meeting,
                }
                for p in self.pairings
            ],
        }

    @classmethod
    def from_protocol(cls, data: dict) -> DrawResult:
        """Rebuild a result from ``to_protocol`` output; DrawError if it is malformed."""
        if not isinstance(data, Mapping):
            raise DrawError("The draw protocol is not a JSON object.", code="protocol")
        try:
            method = data["method"]
            if method not in (COMPUTED, TRANSCRIBED):
                raise DrawError(
                    f"The draw protocol has an unknown method {method!r}.", code="protocol"
                )
            seed = data["seed"]
            multi_first = data.get("multi_first")
            result = cls(
                pot_size=_int(data["pot_size"]),
                seed=None if seed is None else _int(seed),
                order=tuple(_int(p) for p in data["order"]),
                steps=tuple(
                    DrawStep(
                        seq=_int(s["seq"]),
                        player=_int(s["player"]),
                        pot=_pot(s["pot"]),
                        number=_int(s["number"]),
                        kept=_bool(s["kept"]),
                        entry=None if s["entry"] is None else _int(s["entry"]),
                    )
                    for s in data["steps"]
                ),
                pairings=tuple(
                    DrawnPairing(
                        number=_int(p["number"]),
                        left=_int(p["left"]),
                        right=None if p["right"] is None else _int(p["right"]),
                        self_meeting=_bool(p["self_meeting"]),
                    )
                    for p in data["pairings"]
                ),
                method=method,
                holders=tuple(
                    Holder(player=_int(h["player"]), entries=tuple(_int(e) for e in h["entries"]))
                    for h in data.get("holders", ())
                ),
                multi_first=None if multi_first is None else _bool(multi_first),
                order_given=_bool(data.get("order_given", False)),
            )
        except DrawError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise DrawError(
                f"The draw protocol is incomplete or malformed ({exc.__class__.__name__}: {exc}).",
                code="protocol",
            ) from exc
        return result


def _int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _bool(value) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _pot(value) -> str:
    if value not in POTS:
        raise ValueError(f"expected 'left' or 'right', got {value!r}")
    return value
