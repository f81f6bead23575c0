"""How a series' staff URL leads to its club, for the page rules of
``clubs.permissions``. Registered by ``SeriesConfig.ready``."""

from clubs.permissions import register_scope

from .models import Series


def register() -> None:
    register_scope(
        "series",
        lambda kwargs: Series.objects.filter(pk=kwargs.get("pk")).values_list(
            "club_id", flat=True
        ),
        lambda kwargs, route: "pk" in kwargs and "series/" in route,
    )
