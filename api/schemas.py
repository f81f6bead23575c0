"""The open API's shapes (pydantic, through django-ninja): what a club website reads.

Codes, not words, wherever a value is a choice (``format``, ``stage``, ``outcome``);
names of prize-stage matches are given in the request's language (``Accept-Language``).
"""

from __future__ import annotations

import datetime
from typing import Literal

from ninja import Field, Schema


class Error(Schema):
    detail: str


class ValidationErrors(Schema):
    detail: list[dict]


class Index(Schema):
    name: str
    version: str
    schema_url: str
    docs_url: str
    tournaments_url: str
    series_url: str
    calendar_url: str


class Club(Schema):
    slug: str
    name: str


class DanishTerms(Schema):
    rounds: int = Field(description="Every player plays every round.")
    rematches: Literal["allowed", "avoided"]
    bye_score: Literal["match_won", "win_only"]
    last_tiebreak: Literal["buchholz", "lot"]


class TournamentSummary(Schema):
    id: int
    name: str
    date: datetime.date
    venue: str
    club: Club
    format: Literal["preisschnapsen", "danish"]
    game: Literal["schnapsen", "bauernschnapsen"] = Field(
        description="Schnapsen (entries held by players) or Bauernschnapsen (by teams of two)."
    )
    phase: Literal["registration", "running", "finished"]
    url: str = Field(description="The public page.")
    api_url: str


class Tournament(TournamentSummary):
    version: str = Field(description="Changes with every change of the public data (ETag).")
    match_bummerl: int
    rule_profile: str
    field_size: int
    players: int
    rounds_planned: int | None = Field(description="The Danish system's rounds; else null.")
    catalogue: Literal["ueblich", "alles", "ohne_bettler", "keine"] = Field(
        description="Bauernschnapsen: the special games played besides the normal game."
    )
    rounds_released: int
    danish: DanishTerms | None = None
    widget_url: str
    projector_url: str


class EntryRef(Schema):
    number: int
    player: str
    town: str


class Pairing(Schema):
    id: int
    round: int
    number: int
    table: int | None
    bracket: str
    name: str = Field(description="The prize-stage match's name, e.g. “Finale”; else empty.")
    left: EntryRef
    right: EntryRef | None = Field(description="null for a bye.")
    outcome: Literal["", "played", "walkover", "bye", "surrender"]
    winner: Literal["", "left", "right"]
    score: list[int] | None = Field(description="[winner's, loser's] Bummerl, if played.")
    version: int


class Round(Schema):
    number: int
    stage: Literal["main", "quarterfinal", "semifinal", "final"]
    released_at: datetime.datetime | None
    seed: int | None
    pairings: int
    open_pairings: int


class RoundDetail(Round):
    matches: list[Pairing]


class DanishLine(Schema):
    played: int
    won: int
    lost: int
    byes: int
    match_points: int
    bummerl_won: int
    bummerl_lost: int
    bummerl_difference: int
    game_points: int
    buchholz: int


class CategoryPlace(Schema):
    category: str
    place: int | None


class StandingLine(Schema):
    place: int | None
    entry: int
    player: str
    town: str
    round_reached: int
    alive: bool = Field(description="Still in play (Preisschnapsen), or rounds to come.")
    how: str = Field(
        description="How the entry went out: lost, walkover, surrendered; won: the final "
        "(the tournament's winner); empty while in play."
    )
    danish: DanishLine | None = None
    categories: list[CategoryPlace]


class Standings(Schema):
    tournament: int
    format: Literal["preisschnapsen", "danish"]
    phase: Literal["registration", "running", "finished"]
    final: bool = Field(description="The places are final (the prizes are decided).")
    lines: list[StandingLine]


class Prize(Schema):
    place: int
    category: str | None = Field(description="null: one of the eight prizes.")
    description: str
    amount: str | None
    entry: int | None
    player: str | None
    reached: int | None
    reason: str = Field(description="Why the prize went down the standings, else empty.")


class SeriesSummary(Schema):
    id: int
    name: str
    season: str
    club: Club | None
    scheme: str
    tournaments: list[int]
    url: str
    api_url: str


class SeriesResult(Schema):
    tournament: int
    place: int | None
    rounds: int
    points: int
    counted: bool


class SeriesLine(Schema):
    rank: int
    shared: bool
    player: str
    town: str
    points: int
    results: list[SeriesResult]


class SeriesDetail(SeriesSummary):
    finished_tournaments: int
    lines: list[SeriesLine]


class ResultIn(Schema):
    winner: Literal["left", "right"]
    score: list[int] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="[winner's, loser's] Bummerl, e.g. [2, 1]; null for a walkover.",
    )
    walkover: bool = False
    version: int | None = Field(
        None,
        ge=0,
        le=2**31,
        description="The pairing's version as read; refused when it changed since.",
    )
