"""How the tournaments' staff URLs lead to a club, for the page rules of
``clubs.permissions`` (which knows no tournament): a tournament's ``pk``, a pairing's
``pairing_pk``, a round's ``round_pk``. Registered by ``TournamentsConfig.ready``."""

from clubs.permissions import register_scope

from .models import Pairing, Round, Tournament


def register() -> None:
    register_scope(
        "pairing",
        lambda kwargs: Pairing.objects.filter(pk=kwargs.get("pairing_pk")).values_list(
            "round__tournament__club_id", flat=True
        ),
        lambda kwargs, route: "pairing_pk" in kwargs,
    )
    register_scope(
        "round",
        lambda kwargs: Round.objects.filter(pk=kwargs.get("round_pk")).values_list(
            "tournament__club_id", flat=True
        ),
        lambda kwargs, route: "round_pk" in kwargs,
    )
    register_scope(
        "tournament",
        lambda kwargs: Tournament.objects.filter(pk=kwargs.get("pk")).values_list(
            "club_id", flat=True
        ),
        lambda kwargs, route: "pk" in kwargs and "t/<id:pk>" in route,
    )
