from django import forms
from django.utils.translation import gettext_lazy as _

from . import scoring
from .models import Scheme, Series
from .services import rule_message


class SeriesForm(forms.ModelForm):
    """The series' terms; the points table is typed as "25, 20, 16, …"."""

    points_text = forms.CharField(
        label=_("points table"),
        help_text=_(
            "Points for 1st, 2nd, 3rd … place (or for going out in round 1, 2, 3 …), "
            "separated by commas. Empty: the default table."
        ),
        required=False,
    )

    class Meta:
        model = Series
        fields = ["name", "season", "scheme", "rest_points", "best_of", "is_public"]

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["points_text"] = ", ".join(str(p) for p in self.instance.points)
        self.only_club = None
        if clubs is not None and len(clubs) == 1:
            self.only_club = clubs[0]  # no choice to make: the user's one club
        elif clubs is not None:
            self.fields["club"] = forms.ModelChoiceField(
                queryset=clubs, label=_("managed by"), empty_label="–"
            )
        self.order_fields(
            ["club", "name", "season", "scheme", "points_text", "rest_points", "best_of",
             "is_public"]
        )

    def clean_points_text(self):
        text = self.cleaned_data["points_text"].strip()
        if not text:
            return None
        try:
            return scoring.parse_points(text)
        except scoring.RuleError as exc:
            raise forms.ValidationError(rule_message(exc)) from None

    def club(self):
        return self.only_club or self.cleaned_data["club"]

    def points(self):
        points = self.cleaned_data.get("points_text")
        if points is None:
            scheme = self.cleaned_data.get("scheme")
            return (
                scoring.DEFAULT_ROUND_POINTS
                if scheme == Scheme.ROUNDS
                else scoring.DEFAULT_PLACE_POINTS
            )
        return points
