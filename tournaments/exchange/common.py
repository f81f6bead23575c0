"""What export and import share: the document's format and version, and the
rewriting of the draw protocols' keys."""

from __future__ import annotations

FORMAT = "preisschnapsen-tournament"


VERSION = 1


IMPORT_ACTION = "import_tournament"


def _map_protocol(protocol: dict, player_key, entry_key) -> dict:
    """A copy of a ``DrawResult.to_protocol()`` dict with player and entry keys mapped."""

    def entry(e):
        return None if e is None else entry_key(e)

    out = dict(protocol)
    out["order"] = [player_key(p) for p in protocol.get("order", [])]
    out["holders"] = [
        {"player": player_key(h["player"]), "entries": [entry_key(e) for e in h["entries"]]}
        for h in protocol.get("holders", [])
    ]
    out["steps"] = [
        dict(s, player=player_key(s["player"]), entry=entry(s["entry"]))
        for s in protocol.get("steps", [])
    ]
    out["pairings"] = [
        dict(p, left=entry_key(p["left"]), right=entry(p["right"]))
        for p in protocol.get("pairings", [])
    ]
    return out


def _map_partner_draw(draw: dict, player_key) -> dict:
    """A copy of ``Tournament.partner_draw`` with the players' keys mapped."""
    if not draw:
        return {}
    out = dict(draw)
    out["teams"] = [
        dict(
            row,
            first=dict(row["first"], id=player_key(row["first"]["id"])),
            second=dict(row["second"], id=player_key(row["second"]["id"])),
        )
        for row in draw.get("teams", [])
    ]
    return out


#: a Danish round's protocol keys: they name entries by their numbers already
DANISH_KEYS = ("danish", "absent")
