"""Team tournaments (Preis-Bauernschnapsen): the game as a term, teams at the desk, the
partner draw, the format for teams through the services and the command line, score
sheets from 24, export/import and the printed documents with the teams' names."""

import datetime
import json
import random
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.printing.pdftext import pages_text
from tests.tournaments.helpers import make_tournament, play_open, run_to_end
from tournaments import services
from tournaments.draw import draw_round, replay
from tournaments.exchange import export_tournament, import_tournament
from tournaments.models import Entry, Outcome, Pairing, Player, Stage, Team, Tournament
from tournaments.partners import PartnerDrawError, draw_partners
from tournaments.printing.adapters import render
from tournaments.services import TournamentError
from tournaments.standings import compute_standings

FIELD_SIZES = (16, 32, 64, 128, 256, 512, 1024)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):  # the messages are German by default
        yield


def person(name, town=""):
    return services.find_or_register_player(name, town=town)


def team_tournament(field_size=16, **terms):
    terms.setdefault("max_entries_per_player", 2)
    terms.setdefault("match_bummerl", 1)
    return services.create_tournament(
        name="Preis-Bauernschnapsen",
        date=datetime.date(2026, 12, 8),
        field_size=field_size,
        game="bauernschnapsen",
        seed=5,
        **terms,
    )


# ------------------------------------------------------------------- pure: partners
def test_the_partner_draw_is_seeded_and_pairs_everyone_once():
    pairs = draw_partners([5, 1, 9, 3, 7, 2], seed=11)
    assert draw_partners([1, 2, 3, 5, 7, 9], seed=11) == pairs  # order given is irrelevant
    assert sorted(k for p in pairs for k in p) == [1, 2, 3, 5, 7, 9]
    assert len({draw_partners(range(1, 21), seed=s)[0] for s in range(30)}) > 1
    for bad, code in (([1, 2, 3], "odd"), ([1], "too_few"), ([1, 1], "duplicate")):
        with pytest.raises(PartnerDrawError) as info:
            draw_partners(bad, seed=1)
        assert info.value.code == code


# -------------------------------------------- draw properties for teams (no database)
@st.composite
def team_fields(draw):
    """Round 1 of a team field: teams with 1 to 4 entries each, held (as the services
    hold them) under the team's first player, in a field of 16 to 1024."""
    field = draw(st.sampled_from(FIELD_SIZES))
    most = draw(st.integers(1, 4))
    total = draw(st.integers(field // 2, field))
    rng = random.Random(draw(st.integers(0, 2**32)))
    entries, number, team = [], 0, 0
    while number < total:
        team += 1
        for _ in range(min(rng.randint(1, most), total - number)):
            number += 1
            # player ids: the team's first player 2*team, its second 2*team+1 (holds none)
            entries.append(Entry(pk=1000 + number, number=number, player_id=2 * team, team_id=team))
    rng.shuffle(entries)
    return field, entries, draw(st.integers(0, 2**63 - 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team_fields())
def test_the_draw_of_teams_keeps_every_teams_entries_together(inputs):
    field, entries, seed = inputs
    holders = services._holders(entries)
    team_of = {e.pk: e.team_id for e in entries}
    # one holder per team, holding all its entries, in the order of the entry numbers
    assert len(holders) == len({e.team_id for e in entries})
    for h in holders:
        assert len({team_of[e] for e in h.entries}) == 1
        assert Counter(team_of[e] for e in h.entries)[team_of[h.entries[0]]] == len(h.entries)
    result = draw_round(holders, pot_size=field // 2, seed=seed, multi_first=False)
    replay(result.to_protocol())
    # every entry once; unsold places are byes; no team meets itself in round 1 (a team
    # holds at most 4 entries, a pot at least 8 numbers)
    placed = [p.left for p in result.pairings] + [p.right for p in result.pairings if p.right]
    assert sorted(placed) == sorted(e.pk for e in entries)
    assert sum(1 for p in result.pairings if p.right is None) == field - len(entries)
    assert not any(p.right and team_of[p.left] == team_of[p.right] for p in result.pairings)


# ------------------------------------------------------------------ terms and the desk
@pytest.mark.django_db
def test_the_game_is_a_term_with_its_own_match_lengths():
    t = team_tournament(match_bummerl=3)
    assert (t.game, t.for_teams, t.game_rules.bummerl_from) == ("bauernschnapsen", True, 24)
    with pytest.raises(TournamentError, match="Bummerl"):
        make_tournament(16, match_bummerl=1)  # Schnapsen: 2 or 3
    with pytest.raises(TournamentError, match="Preisschnapsen"):
        team_tournament(format="danish")
    with pytest.raises(TournamentError, match="team tournament"):
        make_tournament(16, draw_partners=True)
    services.sell_entries(t, person("Resi Huber"), partner=person("Franz Huber"))
    with pytest.raises(TournamentError, match="entries are sold"):
        services.update_tournament(t, game="schnapsen", match_bummerl=2)


@pytest.mark.django_db
def test_entries_are_sold_to_teams_with_the_limit_per_team():
    t = team_tournament(max_entries_per_player=2)
    resi, franz, max_ = person("Resi Huber"), person("Franz Huber"), person("Max Moser")
    sold = services.sell_entries(t, resi, 2, partner=franz, paid=True)
    assert [e.holder_name for e in sold] == ["Resi Huber / Franz Huber"] * 2
    assert {e.player_id for e in sold} == {resi.pk}  # held under the first player
    team = Team.objects.get(tournament=t)
    # the same two in the other order are the same team; the limit counts per team
    with pytest.raises(TournamentError, match="A team may buy at most 2"):
        services.sell_entries(t, franz, partner=resi)
    with pytest.raises(TournamentError, match="one team"):
        services.sell_entries(t, resi, partner=max_)
    with pytest.raises(TournamentError, match="one team"):
        services.sell_entries(t, max_, partner=franz)
    with pytest.raises(TournamentError, match="partner"):
        services.sell_entries(t, max_)
    with pytest.raises(TournamentError, match="two different"):
        services.sell_entries(t, max_, partner=max_)
    assert Team.objects.filter(tournament=t).count() == 1
    services.cancel_entry(sold[1])
    assert services.sell_entries(t, franz, partner=resi)[0].team == team
    schnapsen = make_tournament(16)
    with pytest.raises(TournamentError, match="one player"):
        services.sell_entries(schnapsen, resi, partner=franz)
    step = services.next_step(t)
    assert (step.players, step.entries_sold) == (2, 2)
    # the audit names the team
    assert t.audit_log.filter(action="sell_entries", target="Resi Huber / Franz Huber").exists()


@pytest.mark.django_db
def test_players_registered_alone_get_their_partners_drawn_before_the_first_draw():
    t = team_tournament(16, draw_partners=True, entry_fee=10)
    assert t.max_entries_per_player == 1
    for i in range(17):
        services.sell_entries(t, person(f"Einzel {i:02d}"), paid=True)
    with pytest.raises(TournamentError, match="register alone"):
        services.sell_entries(t, person("Einzel 99"), partner=person("Einzel 98"))
    assert services.next_step(t).code == "draw"  # 17 registrations: 8 teams to come
    with pytest.raises(TournamentError, match="odd number"):
        services.draw_next_round(t, seed=1)
    assert not Team.objects.filter(tournament=t).exists()  # the refusal changed nothing
    services.sell_entries(t, person("Einzel 17"), paid=False)
    teams = services.draw_partners(t, seed=42)
    t.refresh_from_db()
    assert len(teams) == 9 and all(team.drawn for team in teams)
    assert t.partner_draw["seed"] == 42 and len(t.partner_draw["teams"]) == 9
    # the same seed gives the same teams
    again = draw_partners(t.partner_draw["registrations"], 42)
    assert [(r["entry"], r["folded"]) for r in t.partner_draw["teams"]] == again
    # each team holds one entry; the other registration is folded into it, still paid
    assert services.active_entries(t).count() == 9
    assert services.folded_entries(t).count() == 9
    step = services.next_step(t)
    assert step.players == 18 and step.fees_taken == 170  # 17 of 18 paid
    assert t.audit_log.filter(action="draw_partners").exists()
    with pytest.raises(TournamentError, match="already"):
        services.draw_partners(t)
    # after the partner draw, entries are sold to teams
    services.sell_entries(t, person("Spät 1"), partner=person("Spät 2"))
    rnd = services.draw_next_round(t, seed=3)
    assert rnd.pairings.filter(right__isnull=True).count() == 16 - 10


@pytest.mark.django_db
def test_the_first_draw_draws_the_partners_when_staff_did_not():
    t = team_tournament(16, draw_partners=True)
    for i in range(16):
        services.sell_entries(t, person(f"Allein {i:02d}"))
    services.draw_next_round(t, seed=9)
    t.refresh_from_db()
    assert t.partner_draw["seed"] and Team.objects.filter(tournament=t).count() == 8
    names = {e.holder_name for e in services.active_entries(t)}
    assert all(" / " in n for n in names)


# ------------------------------------------------------- the format through the services
@pytest.mark.django_db
@pytest.mark.parametrize("field, most", [(16, 1), (32, 4), (64, 2), (256, 3), (1024, 4)])
def test_round_one_of_team_fields(field, most):
    rng = random.Random(field + most)
    counts, target = [], max(field // 2, int(field * 0.7))
    while sum(counts) < target:
        counts.append(min(rng.randint(1, most), target - sum(counts)))
    t = make_tournament(field, entries=counts, game="bauernschnapsen", max_entries_per_player=most)
    rnd = services.draw_next_round(t, seed=rng.randrange(2**40))
    pairings = list(rnd.pairings.select_related("left__team", "right__team"))
    assert len(pairings) == field // 2
    assert sum(1 for p in pairings if p.right_id is None) == field - sum(counts)
    assert not any(p.right_id and p.left.team_id == p.right.team_id for p in pairings)
    drawn = Counter(p.left.team_id for p in pairings) + Counter(
        p.right.team_id for p in pairings if p.right_id
    )
    assert sorted(drawn.values()) == sorted(counts)


@pytest.mark.django_db
def test_a_team_that_meets_itself_in_the_prize_stage_surrenders_one_entry():
    # four teams, one holding 4 entries in a field of 16: it meets itself at the latest in
    # the semifinal if all its entries win; the self-meeting rule works per team
    t = make_tournament(
        16, entries=[4, 3, 3, 3, 3], game="bauernschnapsen", max_entries_per_player=4
    )
    big = Team.objects.get(tournament=t, first__name="Spieler 001")
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=7))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN).select_related("left", "right"):
            winner = "right" if p.right.team_id == big.pk else "left"
            services.record_result(p, winner=winner, score=(1, 0))
    surrendered = Pairing.objects.filter(round__tournament=t, outcome=Outcome.SURRENDER)
    assert surrendered.exists()
    assert all(p.left.team_id == p.right.team_id for p in surrendered)
    assert any(p.left.team_id == big.pk for p in surrendered)
    standings = compute_standings(t)
    assert standings.entries[0].player.name == "Spieler 001 / Partner 001"


@pytest.mark.django_db
def test_one_prize_per_team():
    t = make_tournament(
        32,
        entries=[4, 4, 4, 4, 2, 2, 2, 2, 1, 1, 1, 1],
        game="bauernschnapsen",
        max_entries_per_player=4,
        one_prize_per_player=True,
    )
    run_to_end(t, random.Random(3))
    prizes = [p for p in compute_standings(t).prizes if p.player]
    assert len({p.player.pk for p in prizes}) == len(prizes) == 8
    assert all(" / " in p.player.name for p in prizes)


@pytest.mark.django_db
def test_results_are_the_bummerl_score_of_the_match():
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", match_bummerl=2)
    rnd = services.release_round(services.draw_next_round(t, seed=1))
    p = rnd.pairings.first()
    with pytest.raises(TournamentError, match="2 Bummerl"):
        services.record_result(p, winner="left", score=(1, 0))
    p = services.record_result(p, winner="left", score=(2, 1))
    p = services.correct_result(p, winner="right", walkover=True, expected_version=p.version)
    assert p.outcome == Outcome.WALKOVER


# -------------------------------------------------------------- score sheets from 24
@pytest.mark.django_db
def test_a_bauernschnapsen_score_sheet_decides_the_pairing_or_names_the_wrong_line():
    from games.services import GameError, record_score_sheet

    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", match_bummerl=1)
    rnd = services.release_round(services.draw_next_round(t, seed=1))
    p, q = list(rnd.pairings.all()[:2])
    with pytest.raises(GameError, match="Line 3"):
        record_score_sheet(p, "24:24\n21:24\n21:17 foo\n")
    with pytest.raises(GameError, match="Line 2: .*before a team reached 0"):
        record_score_sheet(p, "24:24\n21:24\n")
    with pytest.raises(GameError, match="not decided"):  # a match to 2, one Bummerl written
        from games.services.team_recording import score_team_sheet

        score_team_sheet("B normal 1\n" + "A normal 3\n" * 8, 2)
    p.refresh_from_db()
    assert p.outcome == Outcome.OPEN  # nothing stored
    # team B writes 1, then team A its 24 in eight games of 3: A wins the Bummerl
    sheet = "B normal 1\n" + "A normal 3\n" * 8
    m = record_score_sheet(p, sheet)
    p.refresh_from_db()
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "left", 1, 0)
    assert m.score_sheet[0][0] == [1, 1] and len(m.score_sheet[0]) == 9
    # the running figures alone, team B on Luft: a Schneider (2 Bummerl), capped to 1:0
    figures = "24:24\n" + "\n".join(f"{24 - 3 * i}:24" for i in range(1, 9))
    record_score_sheet(q, figures)
    q.refresh_from_db()
    assert (q.winner, q.winner_bummerl, q.loser_bummerl) == ("left", 1, 0)


# ------------------------------------------------------------------ export and import
@pytest.mark.django_db
def test_export_import_of_a_team_tournament_is_exact():
    t = team_tournament(16, draw_partners=True)
    for i in range(24):
        services.sell_entries(t, person(f"Solo {i:02d}"), paid=i % 2 == 0)
    run_to_end(t, random.Random(5))
    data = export_tournament(t)
    assert data["tournament"]["game"] == "bauernschnapsen" and len(data["teams"]) == 12
    copy_ = import_tournament(json.loads(json.dumps(data)))
    assert export_tournament(copy_) == data
    view = lambda x: [(e.number, e.player.name, e.place) for e in compute_standings(x).entries]  # noqa: E731
    assert view(copy_) == view(t)
    assert copy_.partner_draw["seed"] == t.partner_draw["seed"]
    assert Player.objects.filter(name__startswith="Solo").count() == 24  # found again


# ---------------------------------------------------------------------- the documents
@pytest.mark.django_db
def test_the_printed_documents_name_the_teams():
    t = make_tournament(16, entries=[2, 1, 1, 1, 1, 1, 1, 1, 1], game="bauernschnapsen")
    rnd = services.release_round(services.draw_next_round(t, seed=2))
    draw = "\n".join(pages_text(render("draw", t, round_number=1).content))
    assert "Spieler 001 / Partner 001" in draw.replace("\n", " ")
    assert "Partner 003" in draw  # the index lists a team under each of its players
    with translation.override("de-at"):
        sheets = "\n".join(pages_text(render("scoresheets", t, round_number=1).content))
    assert "24" in sheets and "Partner" in sheets and "von 24" in sheets
    cards = "\n".join(pages_text(render("entries", t).content))
    assert "Spieler 001 / Partner 001" in cards.replace("\n", " ")
    play_open(rnd, random.Random(1), bummerl=1)
    run_to_end(t, random.Random(1))
    results = " ".join(pages_text(render("results", t).content)).replace("\n", " ")
    winner = compute_standings(t).prizes[0].player.name
    assert winner in results and " / Partner " in winner


# -------------------------------------------------------------------- the command line
def run(*args) -> str:
    out = StringIO()
    with translation.override("en"):
        call_command("tournament", *[str(a) for a in args], stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_a_whole_team_tournament_from_the_shell_to_the_eighth_prize():
    tid = run(
        "create", "--name", "Preis-Bauernschnapsen", "--date", "2026-12-08",
        "--field-size", "16", "--max-entries", "2", "--game", "bauernschnapsen",
        "--bummerl", "1", "--prize", "Gans=100", "--seed", "7",
    ).strip()  # fmt: skip
    t = Tournament.objects.get(pk=int(tid))
    assert t.game == "bauernschnapsen" and t.match_bummerl == 1
    out = run("sell", tid, "Resi Huber", "--partner", "Franz Huber", "--entries", 2, "--paid")
    assert "Resi Huber / Franz Huber" in out
    for i in range(11):
        run("sell", tid, f"Spieler {i}", "--partner", f"Partnerin {i}", "--town", "Krems")
    with pytest.raises(CommandError, match="one team"):
        run("sell", tid, "Resi Huber", "--partner", "Max Moser")
    with pytest.raises(CommandError, match="name the partner"):
        run("sell", tid, "Max Moser")
    while True:
        run("draw", tid, "--seed", "3")
        data = json.loads(run("pairings", tid, "--json"))
        for p in data["pairings"]:
            assert [m["name"] for m in p["left"]["team"]] == p["left"]["player"].split(" / ")
            if p["outcome"] == "":
                run(
                    "result", tid, data["round"], p["number"], "--winner", "right", "--score", "1:0"
                )
        text = run("pairings", tid)
        assert " / " in text
        if data["stage"] == "final":
            break
    standings = json.loads(run("standings", tid, "--json"))
    assert standings["phase"] == "finished" and standings["game"] == "bauernschnapsen"
    assert [p["place"] for p in standings["prizes"]] == list(range(1, 9))
    for prize in standings["prizes"]:
        assert prize["player"] == " / ".join(m["name"] for m in prize["team"])
    assert {len(e["team"]) for e in standings["entries"]} == {2}
    assert sorted(e["place"] for e in standings["entries"]) == list(range(1, 14))
    assert "Resi Huber / Franz Huber" in run("standings", tid)


@pytest.mark.django_db
def test_partners_drawn_from_the_shell():
    tid = run(
        "create", "--name", "Zulosung", "--field-size", "16", "--game", "bauernschnapsen",
        "--bummerl", "2", "--draw-partners",
    ).strip()  # fmt: skip
    for i in range(16):
        run("sell", tid, f"Einzel {i}")
    with pytest.raises(CommandError, match="register alone"):
        run("sell", tid, "Einzel 0", "--partner", "Einzel 1")
    out = run("partners", tid, "--seed", "12")
    assert "seed 12" in out and out.count(" / ") == 8
    run("draw", tid, "--seed", "1")
    assert Pairing.objects.filter(round__tournament_id=tid).count() == 8
    with pytest.raises(CommandError, match="not drawn by lot"):
        run("partners", run("create", "--name", "X", "--field-size", "16").strip())


@pytest.mark.django_db
def test_every_round_of_a_team_tournament_has_a_final_stage():
    t = make_tournament(64, entries=[2] * 20 + [1] * 10, game="bauernschnapsen")
    stages = []
    while services.tournament_phase(t) != "finished":
        rnd = services.draw_next_round(t, seed=len(stages))
        stages.append(rnd.stage)
        play_open(rnd, random.Random(len(stages)), bummerl=1)
    assert stages[-3:] == [Stage.QUARTERFINAL, Stage.SEMIFINAL, Stage.FINAL]


# ------------------------------------------------------------------- CSV list of teams
def test_a_team_list_is_parsed_with_every_bad_line_named():
    from tournaments.team_csv import parse_teams

    good = parse_teams(
        "Spieler 1;Spieler 2;Ort;Karten;bezahlt\n"
        "Resi Huber;Franz Huber;Gmünd;2;ja\n"
        "Anna Berger;Max Moser;;1;\n"
    )
    assert good.clean
    assert [(r.first, r.second, r.first_town, r.entries, r.paid) for r in good.rows] == [
        ("Resi Huber", "Franz Huber", "Gmünd", 2, True),
        ("Anna Berger", "Max Moser", "", 1, False),
    ]
    bad = parse_teams(
        "Name 1,Name 2,Karten,bezahlt\n"
        "Resi Huber,,1,ja\n"  # no partner
        "Anna Berger,Anna Berger,1,\n"  # the same player twice
        "Max Moser,Eva Lang,zwei,\n"  # not a number
        "Eva Lang,Otto Graf,1,vielleicht\n"  # paid?
        "Max Moser,Otto Graf,1,\n"
        "Max Moser,Ida Roth,1,\n"  # Max plays in line 6 already
    )
    assert [(p.line, p.code) for p in bad.problems] == [
        (2, "no_name"),
        (3, "same_player"),
        (4, "bad_entries"),
        (5, "bad_paid"),
        (7, "player_twice"),
    ]
    assert {p.code for p in parse_teams("Spieler;Ort\nA;B\n").problems} >= {
        "no_name_column",
        "no_partner_column",
    }


@pytest.mark.django_db
def test_teams_imported_from_the_shell_all_or_nothing(tmp_path):
    t = team_tournament(16, max_entries_per_player=2)
    good = tmp_path / "teams.csv"
    good.write_bytes(
        "Spieler 1;Spieler 2;Ort 1;Ort 2;Karten;bezahlt\n"
        "Resi Huber;Franz Huber;Gmünd;Gmünd;2;ja\n"
        "Anna Berger;Max Moser;Zwettl;Krems;1;nein\n".encode("cp1252")
    )
    out = run("import-teams", t.pk, good)
    assert "2 teams imported: 3 entries" in out
    assert {e.holder_name for e in services.active_entries(t)} == {
        "Resi Huber / Franz Huber",
        "Anna Berger / Max Moser",
    }
    bad = tmp_path / "bad.csv"
    bad.write_text("Spieler 1;Spieler 2;Ort\nEva Lang;Otto Graf;\nResi Huber;Ida Roth;Gmünd\n")
    with pytest.raises(CommandError, match="Line 3: Resi Huber plays in the team"):
        run("import-teams", t.pk, bad)
    assert not Player.objects.filter(name="Eva Lang").exists()  # rolled back, all of it
    assert services.active_entries(t).count() == 3  # nothing of the bad file was sold


@pytest.mark.django_db
def test_the_table_of_a_team_pairing_seats_partners_opposite():
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen")
    p = services.release_round(services.draw_next_round(t, seed=1)).pairings.first()
    seats = services.table_seats(p)
    assert [s.pk for s in seats] == [
        p.left.team.first_id, p.right.team.first_id, p.left.team.second_id, p.right.team.second_id
    ]  # fmt: skip


@pytest.mark.django_db
def test_merging_players_moves_their_teams():
    t = team_tournament(16)
    resi, twice = person("Resi Huber"), person("Resi Huber", "Gmünd")
    services.sell_entries(t, twice, partner=person("Franz Huber"))
    services.merge_players(resi, twice)
    team = Team.objects.get(tournament=t)
    assert team.first == resi and services.active_entries(t).get().player == resi
    other = person("Franz Huber", "Gmünd")  # the partner twice, both in this tournament
    services.sell_entries(t, other, partner=person("Max Moser"))
    with pytest.raises(TournamentError, match="cannot be merged"):
        services.merge_players(team.second, other)


@pytest.mark.django_db
def test_a_team_tournament_in_a_series_scores_both_players():
    from series.services import _entry_results

    t = make_tournament(16, entries=[1] * 12, game="bauernschnapsen")
    run_to_end(t, random.Random(2))
    results = _entry_results(t)
    assert len(results) == 24
    names = dict(Player.objects.values_list("pk", "name"))
    winner = [r for r in results if r.place == 1]
    assert sorted(names[r.player].split()[0] for r in winner) == ["Partner", "Spieler"]


@pytest.mark.django_db
def test_a_pot_draw_of_teams_is_transcribed_by_the_teams_entry_numbers():
    t = make_tournament(16, entries=[2, 2, 1, 1, 1, 1, 1, 1, 1, 1], game="bauernschnapsen")
    computed = services.draw_next_round(t, seed=8)
    steps = services.round_draws(computed)["main"].steps
    pairs = {(p.left_id, p.right_id) for p in computed.pairings.all()}
    services.withdraw_round(computed)
    # any entry number of a team names the team (the card on the table)
    number_of = {e.player_id: e.number for e in t.entries.all()}
    text = "\n".join(
        f"{number_of[s.player]} {'L' if s.pot == 'left' else 'R'} {s.number}" for s in steps
    )
    rnd = services.transcribe_next_round(t, services.parse_transcript(text))
    assert {(p.left_id, p.right_id) for p in rnd.pairings.all()} == pairs
    # the partner's name, or the team's as written, names the team too
    services.withdraw_round(rnd)
    teams = {tm.first_id: tm for tm in Team.objects.filter(tournament=t)}
    lines = [
        f"{[teams[s.player].second.name, teams[s.player].name][i % 2]} "
        f"{'L' if s.pot == 'left' else 'R'} {s.number}"
        for i, s in enumerate(steps)
    ]
    rnd = services.transcribe_next_round(t, services.parse_transcript("\n".join(lines)))
    assert {(p.left_id, p.right_id) for p in rnd.pairings.all()} == pairs
    # a line naming the team's second player is refused with the team's holder unknown
    second = Team.objects.filter(tournament=t).first().second_id
    services.withdraw_round(rnd)
    with pytest.raises(TournamentError, match="holds no entry"):
        services.transcribe_next_round(t, [(second, "left", 1)])


def test_a_semicolon_team_list_with_a_ragged_row_imports():
    """What Excel writes in Austria: semicolons, and a last row without its empty town;
    the delimiter is read from the header line, as for the player list."""
    from tournaments.team_csv import parse_teams

    parsed = parse_teams(
        "Spieler 1;Spieler 2;Ort\nResi Huber;Franz Huber;Gmünd\nAnna Moser;Karl Moser\n"
    )
    assert parsed.clean, parsed.problems
    assert [(r.first, r.second) for r in parsed.rows] == [
        ("Resi Huber", "Franz Huber"),
        ("Anna Moser", "Karl Moser"),
    ]
