"""Forms of the staff pages. Rules live in the services; forms check shapes."""

from decimal import Decimal

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.numbers import parse_int
from tournaments.choices import ByeScore, Catalogue, LastTiebreak, Rematches
from tournaments.models import (
    FIELD_SIZES,
    PRIZE_PLACES,
    Category,
    Game,
    Player,
    Side,
    Tournament,
    TournamentFormat,
)
from tournaments.services import TERMS_FIELDS, TournamentError, parse_transcript

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class PlayerForm(forms.Form):
    """A register entry as a club's staff see it: the shared name, town and public name,
    and the contact data of the club (``clubs``: the clubs he may record it for; a choice
    when there are several). ``shared_locked``: the shared part touches another club's
    tournaments, so it is shown but not changed here."""

    name = forms.CharField(label=_("name"), max_length=200)
    town = forms.CharField(label=_("town or club"), max_length=200, required=False)
    name_public = forms.BooleanField(
        label=_("name on public pages"),
        required=False,
        initial=True,
        help_text=_(
            "Off at the player's request: public pages, documents and the open API show his "
            "place without his name."
        ),
    )
    contact = forms.CharField(
        label=_("contact"),
        max_length=200,
        required=False,
        help_text=_("Telephone or e-mail; only your club's staff see it."),
    )
    club = forms.ModelChoiceField(
        label=_("contact data of club"), queryset=None, required=False, empty_label=None
    )

    def __init__(self, *args, clubs=None, shared_locked=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        if clubs is None or clubs.count() < 2:
            del self.fields["club"]
        if shared_locked:
            for name in ("name", "town", "name_public"):
                self.fields[name].disabled = True

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Please enter the player's name."))
        return name

    def clean_town(self):
        return " ".join(self.cleaned_data["town"].split())


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "First row: the column names, e.g. Name;Ort/Verein;Kontakt. Only the name is required."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload


class PlayerImportConfirmForm(forms.Form):
    content = forms.CharField(widget=forms.HiddenInput, strip=False)


def field_size_choices():
    return [(n, str(n)) for n in FIELD_SIZES]


class TournamentForm(forms.ModelForm):
    """Tournament terms and the eight prizes. ``clubs`` (on a new tournament) are the
    clubs the user may make tournaments for: the form asks for one of them."""

    field_size = forms.IntegerField(
        label=_("field size"),
        widget=forms.Select(choices=field_size_choices()),
        help_text=_("Number of entries laid out; a power of two. Unsold entries are byes."),
    )

    class Meta:
        model = Tournament
        fields = list(TERMS_FIELDS)
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    # The terms that apply to one format or one game only: (the term that decides, its
    # value). The page shows them only then (static/js/tournament_form.js); without
    # JavaScript every term is shown, its label or help saying what it applies to.
    APPLIES_TO = {
        "max_entries_per_player": ("format", TournamentFormat.PREISSCHNAPSEN),
        "one_prize_per_player": ("format", TournamentFormat.PREISSCHNAPSEN),
        "danish_rounds": ("format", TournamentFormat.DANISH),
        "danish_rematches": ("format", TournamentFormat.DANISH),
        "danish_bye_score": ("format", TournamentFormat.DANISH),
        "danish_last_tiebreak": ("format", TournamentFormat.DANISH),
        "rule_profile": ("game", Game.SCHNAPSEN),
        "draw_partners": ("game", Game.BAUERNSCHNAPSEN),
        "catalogue": ("game", Game.BAUERNSCHNAPSEN),
    }
    # the order on the page: what the tournament is, then its format and game (which
    # decide what else is asked) with the terms of the one and the other, then the rest
    ORDER = (
        "club",
        "name",
        "date",
        "venue",
        "format",
        "game",
        "danish_rounds",
        "danish_rematches",
        "danish_bye_score",
        "danish_last_tiebreak",
        "draw_partners",
        "catalogue",
        "field_size",
    )

    def __init__(self, *args, field_size_locked=False, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.field_size_locked = field_size_locked
        self.only_club = None
        if clubs is not None and len(clubs) == 1:
            self.only_club = clubs[0]  # no choice to make: the user's one club
        elif clubs is not None:
            self.fields["club"] = forms.ModelChoiceField(
                queryset=clubs,
                label=_("club"),
                empty_label="–",
                error_messages={
                    "invalid_choice": _("You may not make tournaments for this club."),
                    "required": _("Choose the club of the tournament."),
                },
            )
        self.order_fields(self.ORDER)
        for name in self.OPTIONAL_TERMS:
            self.fields[name].required = False
        for name in self.OPTIONAL_TERMS[1:5]:
            self.fields[name].help_text = _("Only for the Danish system.")
        self.fields["danish_rounds"].help_text = _(
            "Only for the Danish system: every player plays every round; nobody is knocked out."
        )
        # the two choices that decide the others, in short words; the help says more
        self.fields["format"].choices = [
            (TournamentFormat.PREISSCHNAPSEN, _("Preisschnapsen")),
            (TournamentFormat.DANISH, _("Danish system")),
        ]
        self.fields["format"].help_text = _(
            "Preisschnapsen: knock-out, entries and the two-pot draw. Danish system: every "
            "player plays every round, paired by the standings (Schnapsen only)."
        )
        self.fields["game"].choices = [
            (Game.SCHNAPSEN, _("Schnapsen")),
            (Game.BAUERNSCHNAPSEN, _("Bauernschnapsen (teams)")),
        ]
        self.fields["game"].help_text = _(
            "Bauernschnapsen: two teams of two at a table of four; played as a Preisschnapsen."
        )
        self.fields["max_entries_per_player"].help_text = _(
            "Only for the Preisschnapsen: in the Danish system every player holds one entry."
        )
        self.fields["one_prize_per_player"].help_text = _(
            "Only for the Preisschnapsen: a player keeps only his best prize; the others "
            "pass down the standings."
        )
        self.fields["rule_profile"].help_text = _(
            "Only for Schnapsen: Bauernschnapsen plays its special games."
        )
        # the choices in words short enough to be read whole in their box, on a phone too
        self.fields["match_bummerl"].choices = [
            (n, pgettext_lazy("terms form", "first to %(n)d Bummerl") % {"n": n}) for n in (1, 2, 3)
        ]
        self.fields["match_bummerl"].help_text = _(
            "A match is won by the first player (team) to win this many Bummerl; "
            "to 1 Bummerl only in Bauernschnapsen."
        )
        self.fields["danish_rematches"].choices = [
            (Rematches.ALLOWED, pgettext_lazy("terms form", "allowed")),
            (Rematches.AVOIDED, pgettext_lazy("terms form", "avoided where possible")),
        ]
        self.fields["danish_rematches"].help_text = _(
            "Only for the Danish system. Allowed: the standings pair whoever meets (the "
            "Danish system proper). Avoided: as in the Swiss system, wherever a pairing "
            "without a repeat exists."
        )
        self.fields["danish_bye_score"].choices = [
            (ByeScore.MATCH_WON, pgettext_lazy("terms form", "won to nil (2:0, 3:0)")),
            (ByeScore.WIN_ONLY, pgettext_lazy("terms form", "won, no Bummerl")),
        ]
        self.fields["danish_last_tiebreak"].choices = [
            (LastTiebreak.BUCHHOLZ, pgettext_lazy("terms form", "Buchholz, then lot")),
            (LastTiebreak.LOT, pgettext_lazy("terms form", "lot")),
        ]
        self.fields["danish_last_tiebreak"].help_text = _(
            "Only for the Danish system; after the match points, the Bummerl difference "
            "and the game points. Buchholz: the opponents' match points."
        )
        self.fields["catalogue"].choices = [
            (Catalogue.UEBLICH, pgettext_lazy("terms form", "usual")),
            (Catalogue.ALLES, pgettext_lazy("terms form", "all")),
            (Catalogue.OHNE_BETTLER, pgettext_lazy("terms form", "all but the Bettler games")),
            (Catalogue.KEINE, pgettext_lazy("terms form", "none")),
        ]
        self.fields["catalogue"].help_text = _(
            "Only for Bauernschnapsen: the special games played besides the normal game "
            "(the Spielekatalog). Usual: Schnapser, Gangl, Bauernschnapser; none: the "
            "normal game only. The tables and the score sheets follow it."
        )
        for name, (term, value) in self.APPLIES_TO.items():
            self.fields[name].applies_to = (term, str(value))
        self.fields["field_size"].help_text = _(
            "Number of entries laid out; a power of two. Unsold entries are byes. In the "
            "Danish system: the most players the tournament takes."
        )
        if field_size_locked:
            fixed = _("Fixed once the first round is drawn.")
            for name in self.OPTIONAL_TERMS:
                self.fields[name].disabled = True
                help_text = self.fields[name].help_text
                self.fields[name].help_text = (
                    format_lazy("{} {}", help_text, fixed) if help_text else fixed
                )
            self.fields["field_size"].disabled = True
            self.fields["field_size"].help_text = _("Fixed once the first round is drawn.")
            self.fields["draw_partners"].disabled = True
        for place in range(1, PRIZE_PLACES + 1):
            self.fields[f"prize_{place}_description"] = forms.CharField(
                label=_("Prize %(place)s") % {"place": place}, max_length=200, required=False
            )
            self.fields[f"prize_{place}_amount"] = forms.DecimalField(
                label=_("Amount for place %(place)s") % {"place": place},
                max_digits=10,
                decimal_places=2,
                min_value=Decimal(0),
                required=False,
            )
        if self.instance.pk:
            for prize in self.instance.prizes.all():
                self.initial[f"prize_{prize.place}_description"] = prize.description
                self.initial[f"prize_{prize.place}_amount"] = prize.amount

    # the format and its Danish terms may be left out of a request (older forms, scripts):
    # they keep the tournament's value, or the default of a new one
    OPTIONAL_TERMS = (
        "format",
        "danish_rounds",
        "danish_rematches",
        "danish_bye_score",
        "danish_last_tiebreak",
        "game",
        "catalogue",
    )

    def _post_clean(self):
        for name in self.OPTIONAL_TERMS:
            if self.cleaned_data.get(name) in (None, ""):
                value = getattr(self.instance, name, None)
                if value in (None, ""):
                    value = Tournament._meta.get_field(name).get_default()
                self.cleaned_data[name] = value
        super()._post_clean()

    def club(self):
        """The club the new tournament belongs to."""
        return self.only_club or self.cleaned_data["club"]

    def clean_field_size(self):
        size = self.cleaned_data["field_size"]
        if size not in FIELD_SIZES:
            raise forms.ValidationError(
                _(
                    "The field size must be a power of two from 16 to 1024 "
                    "(16, 32, 64, 128, 256, 512 or 1024); %(value)s is not."
                ),
                params={"value": size},
                code="field_size",
            )
        return size

    def clean_entry_fee(self):
        fee = self.cleaned_data["entry_fee"]
        if fee is not None and fee < 0:
            raise forms.ValidationError(_("The entry fee cannot be negative."))
        return fee

    def prize_rows(self):
        return [
            (self[f"prize_{place}_description"], self[f"prize_{place}_amount"])
            for place in range(1, PRIZE_PLACES + 1)
        ]

    def prizes(self) -> list[tuple[str, Decimal | None]]:
        return [
            (
                self.cleaned_data.get(f"prize_{place}_description") or "",
                self.cleaned_data.get(f"prize_{place}_amount"),
            )
            for place in range(1, PRIZE_PLACES + 1)
        ]


class SellEntriesForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.current(),
        widget=forms.HiddenInput,
        required=False,
        error_messages={"invalid_choice": _("This player is not in the register.")},
    )
    name = forms.CharField(label=_("Player"), max_length=200, required=False)
    town = forms.CharField(label=_("town or club"), max_length=200, required=False)
    # a team tournament: the team's second player, found or registered the same way
    partner = forms.ModelChoiceField(
        queryset=Player.objects.current(),
        widget=forms.HiddenInput,
        required=False,
        error_messages={"invalid_choice": _("This player is not in the register.")},
    )
    partner_name = forms.CharField(label=_("Partner"), max_length=200, required=False)
    partner_town = forms.CharField(label=_("town or club"), max_length=200, required=False)
    count = forms.IntegerField(label=_("Entries"), min_value=1, max_value=16, initial=1)
    paid = forms.BooleanField(label=_("paid"), required=False, initial=True)
    categories = forms.ModelMultipleChoiceField(
        queryset=Category.objects.none(),
        required=False,
        label=_("Categories"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": _("This category is not one of this tournament.")},
    )

    def __init__(self, *args, tournament=None, teams=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = teams  # sold to teams: the partner is asked for too
        if tournament is not None:
            self.fields["categories"].queryset = tournament.categories.all()

    def clean(self):
        data = super().clean()
        if not data.get("player") and not " ".join((data.get("name") or "").split()):
            raise forms.ValidationError(_("Choose a player from the register or type a new name."))
        if (
            self.teams
            and not data.get("partner")
            and not " ".join((data.get("partner_name") or "").split())
        ):
            raise forms.ValidationError(
                _("A team is two players: choose the partner from the register or type a new name.")
            )
        return data


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=1,
        max_value=2**53,
        help_text=_("Leave empty for a fresh random draw; the seed is stored with the draw."),
    )


class TranscribeForm(forms.Form):
    lines = forms.CharField(
        label=_("Numbers drawn at the pots"),
        strip=False,  # blank lines at the top count: the messages name lines as typed
        widget=forms.Textarea(attrs={"rows": 12, "autofocus": True}),
        help_text=_(
            "One draw per line, in the order drawn: who drew (the number of one of his "
            "Teilnahmekarten, or his name), L or R (the pot), the number drawn. "
            "Examples: 17 L 5 · Resi Huber R 3"
        ),
    )

    def clean_lines(self):
        """The typed lines (``services.parse_transcript``); what each names is checked
        against the tournament by the service, which names every bad line at once."""
        try:
            return parse_transcript(self.cleaned_data["lines"])
        except TournamentError as error:
            raise forms.ValidationError(error.lines or [error.message]) from None


def result_choices(match_bummerl: int) -> list[tuple[str, str]]:
    """Choices like ``left:2:1`` (winner side and Bummerl) and ``left:wo`` (walkover)."""
    scores = [(match_bummerl, lost) for lost in range(match_bummerl)]
    choices: list[tuple[str, str]] = []
    for side, label in ((Side.LEFT, _("left wins")), (Side.RIGHT, _("right wins"))):
        for won, lost in scores:
            text = f"{won}:{lost}" if side == Side.LEFT else f"{lost}:{won}"
            choices.append((f"{side}:{won}:{lost}", f"{text} – {label}"))
        choices.append((f"{side}:wo", _("walkover – %(side)s") % {"side": label}))
    return choices


STALE_RESULT_FORM = _(
    "The form did not say which state of the pairing it was made for; reload the page and"
    " enter the result again."
)


class ResultForm(forms.Form):
    """A result as one value: ``left:2:1`` or ``right:wo``; the service checks the score."""

    result = forms.CharField(label=_("Result"), max_length=20)
    # The pairing's version the form was rendered with: required, so a result is never
    # saved over a change made since (a POST without it is refused and changes nothing).
    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        error_messages=dict.fromkeys(("required", "invalid", "min_value"), STALE_RESULT_FORM),
    )

    def clean_result(self):
        value = self.cleaned_data["result"].strip()
        parts = value.split(":")
        if not parts or parts[0] not in (Side.LEFT, Side.RIGHT):
            raise forms.ValidationError(_("Choose the winner: left or right."))
        if len(parts) == 2 and parts[1] == "wo":
            return {"winner": parts[0], "score": None, "walkover": True}
        if len(parts) == 3:
            won, lost = parse_int(parts[1], min=0), parse_int(parts[2], min=0)
            if won is not None and lost is not None:
                return {"winner": parts[0], "score": (won, lost), "walkover": False}
        raise forms.ValidationError(_("This is not a result: %(value)s") % {"value": value[:20]})


class EntryCategoriesForm(forms.Form):
    """The categories an entry belongs to (set at the desk)."""

    categories = forms.ModelMultipleChoiceField(
        queryset=Category.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": _("This category is not one of this tournament.")},
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["categories"].queryset = tournament.categories.all()


class CategoryForm(forms.Form):
    """A category with up to eight prizes, written one per line: ``Text`` or
    ``Text = 50`` or ``= 50``."""

    name = forms.CharField(label=_("Name"), max_length=60)
    prizes = forms.CharField(
        label=_("Prizes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One per line from 1st place down: a text, an amount, or both (Wein = 20)."),
    )

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Please name the category."))
        return name

    def clean_prizes(self):
        rows = []
        for number, line in enumerate(self.cleaned_data["prizes"].splitlines(), start=1):
            line = line.strip()
            if not line:
                continue
            text, sep, amount = line.partition("=")
            value = None
            if sep:
                try:
                    value = Decimal(amount.strip().replace(",", "."))
                except ArithmeticError:
                    value = None
                if value is None or value < 0 or not value.is_finite():
                    raise forms.ValidationError(
                        _("Line %(line)d: “%(amount)s” is not an amount.")
                        % {"line": number, "amount": amount.strip()[:20]}
                    )
            rows.append((text.strip()[:200], value))
        if len(rows) > PRIZE_PLACES:
            raise forms.ValidationError(
                _("A category has at most %(n)d prizes.") % {"n": PRIZE_PLACES}
            )
        return rows
