"""What ``manage.py tournament`` prints: the JSON of pairings and standings (both players
of a team named) and the standings as text lines."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Pairing
from tournaments.money import euro


def _entry(e) -> dict | None:
    if e is None:
        return None
    data = {"number": e.number, "player": e.holder_name, "town": e.holder.town}
    if e.team_id is not None:  # a team tournament: both players of the team
        data["team"] = team_players(e.team)
    return data


def team_players(team) -> list[dict]:
    return [{"name": p.name, "town": p.town} for p in (team.first, team.second)]


def pairing_json(p: Pairing) -> dict:
    return {
        "round": p.round.number,
        "bracket": p.bracket,
        "number": p.number,
        "name": p.match_name,
        "left": _entry(p.left),
        "right": _entry(p.right) if p.right_id else None,
        "table": p.table,
        "outcome": p.outcome,
        "winner": p.winner,
        "score": [p.winner_bummerl, p.loser_bummerl] if p.winner_bummerl is not None else None,
        "version": p.version,
    }


def prize_text(prize) -> str:
    """ "Gans € 200,00": the description and the amount as people read them."""
    return " ".join(x for x in (prize.description, euro(prize.amount)) if x).replace("\u00a0", " ")


def standings_json(t, s) -> dict:
    """``standings --json``: prizes, players and entries (``s``: ``compute_standings``)."""
    teams = {}
    if t.for_teams:
        teams = {
            team.first_id: team_players(team) for team in t.teams.select_related("first", "second")
        }

    def team(player) -> dict:
        # a team tournament: both players of the holder's team
        return {"team": teams[player.pk]} if player is not None and player.pk in teams else {}

    return {
        "tournament": t.pk,
        "format": t.format,
        "game": t.game,
        "phase": services.tournament_phase(t),
        "prizes": [
            {
                "place": pr.place,
                "description": pr.description,
                "amount": str(pr.amount) if pr.amount is not None else None,
                "entry": pr.entry.number if pr.entry else None,
                "player": pr.player.name if pr.player else None,
            }
            | team(pr.player)
            for pr in s.prizes
        ],
        "players": [
            {
                "player": ps.player.name,
                "town": ps.player.town,
                "entries_bought": ps.entries_bought,
                "entries_alive": ps.entries_alive,
                "best_place": ps.best_place,
                "prizes": [pr.place for pr in ps.prizes],
            }
            | team(ps.player)
            for ps in s.players
        ],
        "entries": [
            {
                "number": es.number,
                "player": es.player.name,
                "round_reached": es.round_reached,
                "out_round": es.out_round,
                "how": es.how,
                "lost_score": list(es.lost_score) if es.lost_score else None,
                "place": es.place,
                # out while its round is played: the places it shares until then
                "pending": list(es.pending) if es.pending else None,
                "alive": es.alive,
            }
            | team(es.player)
            | (es.danish.to_dict() if es.danish is not None else {})
            for es in s.entries
        ],
    }


def standings_lines(s, *, finished: bool) -> list[str]:
    """The standings as text: the prizes, then every entry (the Danish table for a
    tournament by the Danish system)."""
    if s.is_danish:
        return danish_lines(s)
    how = {
        "lost": _("lost"),
        "walkover": _("lost by walkover"),
        "surrendered": _("surrendered"),
        "won": _("won the final"),
    }
    out = [_("Prizes")]
    for pr in s.prizes:
        winner = f"{pr.player.name} (#{pr.entry.number})" if pr.entry else _("not decided")
        out.append(f"{pr.place:>4}. {winner:36} {prize_text(pr)}")
    out += ["", _("Entries")]
    for es in s.entries:
        state = how.get(es.how, _("in play") if es.alive else "")
        if es.lost_score:  # (winner's, its own) Bummerl: written from the entry's side
            state += f" {es.lost_score[1]}:{es.lost_score[0]}"
        place = es.place or (f"{es.pending[0]}-{es.pending[1]}" if es.pending else "")
        out.append(
            f"{place:>4} #{es.number:<4} {es.player.name:30} "
            f"{_('round')} {es.round_reached:<2} {state}"
        )
    return out


def danish_lines(s) -> list[str]:
    out = [_("Prizes")]
    for pr in s.prizes:
        winner = f"{pr.player.name} (#{pr.entry.number})" if pr.entry else _("not decided")
        out.append(f"{pr.place:>4}. {winner:36} {prize_text(pr)}")
    out += ["", _("Place  Player                          Pts  +/-   GP   BH  (won-lost-byes)")]
    for es in s.entries:
        d = es.danish
        out.append(
            f"{es.place:>4}.  {es.player.name[:30]:30} {d.match_points:>4} "
            f"{d.bummerl_difference:>+4} {d.game_points:>4} {d.buchholz:>4}  "
            f"({d.won}-{d.lost}-{d.byes})"
        )
    return out
