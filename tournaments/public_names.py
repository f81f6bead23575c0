"""How public surfaces name a player: his name, or at his request (``Player.name_public``
False, issue 31) a placeholder without his town, his place and entry shown as they are.

The one place the public pages, their live sections, the public documents, the open API,
the widget, the series and the spectators' match pages ask. Staff pages and the staff's
documents go on naming him (``Entry.holder``, ``Player.name``).

A hidden player is stood in for by an unsaved ``Player`` with his key, the placeholder as
name and no town (``public_player``): what a page does with a player (``.name``,
``.town``, ``str()``, grouping by ``.pk``) it does with the stand-in, and reveals nothing.
A team is named by its two players' public names (``public_holder``).
"""

from __future__ import annotations

from .models import Entry, Player, Team, team_name


def hidden(player: Player | None) -> bool:
    """He asked to be left out of public pages."""
    return player is not None and not player.name_public


def public_player(player: Player | None) -> Player | None:
    """The player, or for a hidden one a stand-in: his key, the placeholder, no town."""
    if not hidden(player):
        return player
    return Player(pk=player.pk, name=player.public_name, town="", name_public=False)


def public_team_name(team: Team) -> str:
    return team_name(team.first.public_name, team.second.public_name)


def public_holder(entry: Entry) -> Player:
    """``Entry.holder`` for public surfaces: the player (or his stand-in), or the team
    named by its players' public names (the towns of those shown only)."""
    if entry.team_id is None:
        return public_player(entry.player)
    team = entry.team
    if not (hidden(team.first) or hidden(team.second)):
        return team.as_holder()
    towns = [p.town for p in (team.first, team.second) if p.town and not hidden(p)]
    # its name is the public one already (``name_public`` stays True: shown as it is)
    return Player(
        pk=team.first_id, name=public_team_name(team), town=" / ".join(dict.fromkeys(towns))
    )


def public_holder_name(entry: Entry) -> str:
    """``Entry.holder_name`` for public surfaces."""
    return public_holder(entry).name


def public_members(entry: Entry | None) -> tuple[str, ...]:
    """A team's two players under the names public surfaces show, the hidden ones left out
    (an index by name has no line for a name not published); empty for a player."""
    if entry is None or entry.team_id is None:
        return ()
    return tuple(p.name for p in (entry.team.first, entry.team.second) if not hidden(p))
