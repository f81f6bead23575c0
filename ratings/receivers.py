"""The ratings' answers to changes below: a result, an entry's holder, a tournament's
date, a merged player mark the ratings stale from that tournament on
(``services.mark_stale``); the pages recompute before they show them. A player's copy
of his data (``player_data``) gets his ratings. An erased player keeps his ratings (numbers,
no name): his opponents' ratings rest on them."""

from django.db.models.signals import post_delete, post_save

from tournaments import signals
from tournaments.models import Entry, Pairing, Player, Round, Team, Tournament

from .models import Snapshot
from .services import ensure_current, mark_stale


def _pairing_changed(sender, instance, raw=False, **kwargs):
    if raw:
        return
    found = Round.objects.filter(pk=instance.round_id).values_list(
        "tournament_id", "tournament__date"
    )
    for tournament_id, date in found:
        mark_stale(tournament_id, date)


def _holder_changed(sender, instance, raw=False, **kwargs):
    """An entry or team changed hands: only a tournament already rated needs it."""
    if raw:
        return
    rated = Snapshot.objects.filter(tournament_id=instance.tournament_id).values_list(
        "tournament_id", "tournament__date"
    )[:1]
    for tournament_id, date in rated:
        mark_stale(tournament_id, date)


def _tournament_changed(sender, instance, raw=False, **kwargs):
    """A tournament moved to another date (or deleted) changes the order of the periods."""
    if raw:
        return
    if kwargs.get("signal") is post_delete or (
        Snapshot.objects.filter(tournament=instance).exclude(date=instance.date).exists()
    ):
        mark_stale(instance.pk, instance.date)


def _player_changed(sender, instance, created=False, raw=False, **kwargs):
    """A player merged into another: his matches count for the one kept."""
    if created or raw or instance.merged_into_id is None:
        return
    first = (
        Snapshot.objects.filter(player=instance)
        .order_by("date", "tournament_id")
        .values_list("tournament_id", "date")[:1]
    )
    for tournament_id, date in first:
        mark_stale(tournament_id, date)


def _player_data(sender, *, player, tournaments, **kwargs):
    """His copy (GDPR art. 15): his rating after each tournament the asking club may see."""
    ensure_current()
    rows = (
        Snapshot.objects.filter(player=player, tournament_id__in=list(tournaments))
        .order_by("date", "tournament_id")
        .values_list("tournament_id", "date", "rating", "deviation", "volatility", "won", "lost")
    )
    return {
        "ratings": [
            {
                "tournament": tournament,
                "date": date.isoformat(),
                "rating": round(rating, 2),
                "deviation": round(deviation, 2),
                "volatility": round(volatility, 6),
                "won": won,
                "lost": lost,
            }
            for tournament, date, rating, deviation, volatility, won, lost in rows
        ]
    }


def connect() -> None:
    """Connect the model signals (from ``RatingsConfig.ready``)."""
    for signal in (post_save, post_delete):
        name = "save" if signal is post_save else "delete"
        signal.connect(_pairing_changed, sender=Pairing, dispatch_uid=f"rating-{name}-pairing")
        signal.connect(_holder_changed, sender=Entry, dispatch_uid=f"rating-{name}-entry")
        signal.connect(_holder_changed, sender=Team, dispatch_uid=f"rating-{name}-team")
        signal.connect(
            _tournament_changed, sender=Tournament, dispatch_uid=f"rating-{name}-tournament"
        )
    post_save.connect(_player_changed, sender=Player, dispatch_uid="rating-save-player")
    signals.player_data.connect(_player_data, dispatch_uid="ratings.player_data")
