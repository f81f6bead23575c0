"""Who may do what: the one place of the staff's rights.

Three parts, all data-driven:

- ``ROLE_ACTIONS``: what each role of a club may do (as sets of ``Action``). A site
  administrator (a Django superuser) may do everything in every club.
- ``VIEW_RULES``: which action each staff page (by URL name) needs, for GET and for POST,
  and where its club comes from (the tournament, pairing or round in the URL, the club
  slug, or any club of the user). ``staff_required`` applies them; a staff page that is not
  listed is for organisers only.
- ``clubs_for`` / ``narrow``: the querysets of what a user may see, for lists.

This module knows no other app: the apps above it say how the objects of their URLs lead
to a club (``register_scope``: a tournament, a pairing, a round, a series), from their
``AppConfig.ready``.

A user without any role in the club of the object asked for gets 404 (other clubs'
tournaments are not even confirmed to exist); with a role that lacks the action, 403.
Either way the view does not run: nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Club, Membership, Role


class Action(StrEnum):
    """Something a member of a club's staff may be allowed to do."""

    VIEW = "view"  # the tournament's overview and standings; non-public pages of the club
    TERMS = "terms"  # create tournaments; terms, prizes, categories, field size
    DRAW = "draw"  # draw, transcribe, release and withdraw rounds; the draw sheet
    SELL = "sell"  # sell and cancel entries; an entry's categories; entry cards
    PAY = "pay"  # mark entries paid or unpaid
    PLAYERS = "players"  # the shared register: search, add, edit, import
    MERGE = "merge"  # merge two register entries that are the same person
    PRIVACY = "privacy"  # a player's data: export it (GDPR art. 15), erase it (art. 17)
    PAIRINGS = "pairings"  # see a round's pairings (results page, a pairing's page)
    RESULTS = "results"  # enter, correct and confirm results
    START = "start"  # start pairings and browser matches
    REVOKE = "revoke"  # record a revoke (Renonce)
    SCORE_SHEET = "score_sheet"  # record a match from its score sheet; print score sheets
    AUDIT = "audit"  # the audit logs of the club and its tournaments
    STAFF = "staff"  # invite staff, give and take roles, the club's logo
    SERIES = "series"  # the club's season series


ROLE_ACTIONS: dict[str, frozenset[Action]] = {
    Role.ORGANISER: frozenset(Action),  # everything of the club
    Role.DESK: frozenset({Action.VIEW, Action.SELL, Action.PAY, Action.PLAYERS}),
    Role.TABLE: frozenset({Action.VIEW, Action.PAIRINGS, Action.RESULTS, Action.START}),
    Role.REFEREE: frozenset({Action.VIEW, Action.PAIRINGS, Action.REVOKE, Action.SCORE_SHEET}),
}

#: How the audit log names an actor who is a site administrator without a club role.
ADMIN_ROLE = "admin"
ROLE_LABELS = {**dict(Role.choices), ADMIN_ROLE: gettext_lazy("site administrator")}


# --------------------------------------------------------------------------- the user's roles


def _role_map(user) -> dict[int, frozenset[str]]:
    """club id -> the user's roles there; one query per request (kept on the user)."""
    cached = getattr(user, "_club_role_map", None)
    if cached is None:
        roles: dict[int, set[str]] = {}
        if user.is_authenticated and user.is_active:
            for club_id, role in Membership.objects.filter(user=user).values_list(
                "club_id", "role"
            ):
                roles.setdefault(club_id, set()).add(role)
        cached = {club: frozenset(r) for club, r in roles.items()}
        user._club_role_map = cached
    return cached


def forget(user) -> None:
    """Drop the cached roles (after a role was given or taken in this request)."""
    if hasattr(user, "_club_role_map"):
        del user._club_role_map


def is_site_admin(user) -> bool:
    return bool(user.is_authenticated and user.is_active and user.is_superuser)


def _club_id(club) -> int | None:
    if club is None:
        return None
    if isinstance(club, int):
        return club
    if isinstance(club, Club):
        return club.pk
    return club.club_id  # a tournament or anything else with a club


def roles_in(user, club) -> frozenset[str]:
    return _role_map(user).get(_club_id(club), frozenset())


def actions_in(user, club) -> frozenset[Action]:
    """Everything ``user`` may do in ``club`` (a Club, a tournament, or a club id)."""
    if is_site_admin(user):
        return frozenset(Action)
    actions: set[Action] = set()
    for role in roles_in(user, club):
        actions |= ROLE_ACTIONS.get(role, frozenset())
    return frozenset(actions)


def can(user, action: Action, club) -> bool:
    return action in actions_in(user, club)


def is_member(user, club) -> bool:
    return is_site_admin(user) or bool(roles_in(user, club))


def can_anywhere(user, action: Action) -> bool:
    """Does the user hold ``action`` in at least one club?"""
    if is_site_admin(user):
        return True
    return any(can(user, action, club) for club in _role_map(user))


def is_staff(user) -> bool:
    """Any staff role in any club, or a site administrator (the staff menu)."""
    return is_site_admin(user) or bool(_role_map(user))


def can_view_tournament(user, tournament) -> bool:
    """Staff of the tournament's club (any role) see it even when it is not public."""
    return can(user, Action.VIEW, tournament)


def audit_role(user, club) -> str:
    """The roles ``user`` acted in, for the audit log: "organiser", "desk,referee",
    "admin" for a site administrator without a role there, "" for scripts and players."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    roles = sorted(roles_in(user, club)) if club is not None else []
    if roles:
        return ",".join(roles)
    return ADMIN_ROLE if user.is_superuser else ""


def role_text(codes: str) -> str:
    """The stored role codes in words ("Kassa, Schiedsrichter"); a staff API token's
    ("token:table:Vereinsseite", ``api.tokens``) as "API-Token „Vereinsseite“ (Tischdienst)"."""
    if codes.startswith("player:"):  # a player through his private link (a report)
        return _("player %(name)s (private link)") % {"name": codes.split(":", 1)[1]}
    if codes == "cli":  # a change made with manage.py without a user
        return _("command line")
    if codes.startswith("token:"):
        _prefix, role, name = (codes.split(":", 2) + ["", ""])[:3]
        return _("API token “%(name)s” (%(role)s)") % {
            "name": name,
            "role": ROLE_LABELS.get(role, role),
        }
    return ", ".join(str(ROLE_LABELS.get(c, c)) for c in codes.split(",") if c)


# --------------------------------------------------------------------------- lists


def clubs_for(user, action: Action = Action.VIEW):
    """The clubs in which ``user`` may do ``action``."""
    if is_site_admin(user):
        return Club.objects.all()
    ids = [club for club in _role_map(user) if can(user, action, club)]
    return Club.objects.filter(pk__in=ids)


def narrow(queryset, user, action: Action = Action.VIEW):
    """``queryset`` (of anything with a ``club``) narrowed to the user's clubs in which he
    may do ``action``: the tournaments of a list, the series of a page."""
    if is_site_admin(user):
        return queryset
    ids = [club for club in _role_map(user) if can(user, action, club)]
    return queryset.filter(club_id__in=ids)


# --------------------------------------------------------------------------- page rules


@dataclass(frozen=True)
class Rule:
    """What a staff page needs. ``scope`` says where its club comes from:

    - "tournament": the tournament ``pk`` of the URL; "pairing": ``pairing_pk``;
      "round": ``round_pk``; "club": the club ``slug``; "series": the series ``pk``;
    - "any": no object; the user needs the action in at least one of his clubs (lists
      narrow themselves with ``clubs_for`` / ``narrow``).

    ``get`` and ``post`` are the actions for the two methods; ``post_field`` and
    ``post_actions`` choose the POST action by the value of one field (a form that does
    several things), ``by_kwarg`` by a URL argument (the printed document).
    """

    scope: str
    get: Action | None
    post: Action | None = None
    post_field: str = ""
    post_actions: dict[str, Action] = field(default_factory=dict)
    by_kwarg: str = ""
    kwarg_actions: dict[str, Action] = field(default_factory=dict)

    def action(self, request, kwargs) -> Action | None:
        return self.action_for(request.method, request.POST, kwargs)

    def action_for(self, method: str, data, kwargs) -> Action | None:
        """The action a request by ``method`` with the form fields ``data`` needs."""
        if self.by_kwarg:
            value = str(kwargs.get(self.by_kwarg, ""))
            return self.kwarg_actions.get(value, self.get)
        if method.upper() in ("GET", "HEAD", "OPTIONS"):
            return self.get
        if self.post_field:
            value = (data or {}).get(self.post_field, "")
            return self.post_actions.get(value, self.post)
        return self.post


A = Action
T = "tournament"

VIEW_RULES: dict[str, Rule] = {
    # tournaments
    "staff:home": Rule("any", A.VIEW, A.VIEW),
    "staff:tournament_create": Rule("any", A.TERMS, A.TERMS),
    "staff:dashboard": Rule(T, A.VIEW, A.TERMS),
    "staff:tournament_edit": Rule(T, A.TERMS, A.TERMS),
    "staff:shrink": Rule(T, A.TERMS, A.TERMS),
    "staff:categories": Rule(T, A.TERMS, A.TERMS),
    # the desk
    "staff:entries": Rule(T, A.SELL, A.SELL),
    "staff:entry_paid": Rule(T, A.PAY, A.PAY),
    "staff:entry_cancel": Rule(T, A.SELL, A.SELL),
    "staff:entry_categories": Rule(T, A.SELL, A.SELL),
    "staff:team_import": Rule(T, A.SELL, A.SELL),
    # the shared register
    "staff:players": Rule("any", A.PLAYERS, A.PLAYERS),
    "staff:player_search": Rule("any", A.PLAYERS, A.PLAYERS),
    "staff:player_add": Rule("any", A.PLAYERS, A.PLAYERS),
    "staff:player_edit": Rule("any", A.PLAYERS, A.PLAYERS),
    "staff:player_import": Rule("any", A.PLAYERS, A.PLAYERS),
    "staff:player_merge": Rule("any", A.MERGE, A.MERGE),
    "staff:player_export": Rule("any", A.PRIVACY, A.PRIVACY),
    "staff:player_erase": Rule("any", A.PRIVACY, A.PRIVACY),
    # the draw
    "staff:draw": Rule(T, A.DRAW, A.DRAW),
    "staff:transcribe": Rule(T, A.DRAW, A.DRAW),
    "staff:partners": Rule(T, A.DRAW, A.DRAW),  # the partner draw by lot
    "staff:round": Rule(T, A.DRAW, A.DRAW),
    "staff:round_release": Rule(T, A.DRAW, A.DRAW),
    "staff:round_withdraw": Rule(T, A.DRAW, A.DRAW),
    "staff:absence": Rule(T, A.DRAW, A.DRAW),  # the Danish system: who is paired
    # results
    "staff:results": Rule(T, A.PAIRINGS, A.RESULTS),
    "staff:results_version": Rule(T, A.PAIRINGS, A.PAIRINGS),  # the page's own update
    "staff:pairing_result": Rule(T, A.RESULTS, A.RESULTS),
    "staff:pairing_confirm": Rule(T, A.RESULTS, A.RESULTS),
    "staff:report_confirm": Rule(T, A.RESULTS, A.RESULTS),
    "staff:pairing_start": Rule(T, A.START, A.START),
    "staff:standings": Rule(T, A.VIEW, A.TERMS),
    "staff:ceremony": Rule(T, A.TERMS, A.TERMS),  # the prize ceremony on the projector
    "staff:audit": Rule(T, A.AUDIT, A.AUDIT),
    "staff:print": Rule(
        T,
        A.TERMS,
        by_kwarg="document",
        kwarg_actions={
            "draw": A.DRAW,
            "scoresheets": A.SCORE_SHEET,
            "entries": A.SELL,
            "results": A.VIEW,
        },
    ),
    # the games app's staff pages
    "games:pairing": Rule(
        "pairing",
        A.PAIRINGS,
        A.PAIRINGS,
        post_field="do",
        post_actions={
            "start": A.START,
            "quick": A.RESULTS,
            "sheet": A.SCORE_SHEET,
            "revoke": A.REVOKE,
            "seat": A.START,  # a table's seat to the computer (a player who left)
        },
    ),
    "games:round_start": Rule("round", A.START, A.START),
    # clubs and staff
    "staff:clubs": Rule("any", A.VIEW, A.VIEW),
    "staff:club": Rule("club", A.STAFF, A.STAFF),
    "staff:club_invite": Rule("club", A.STAFF, A.STAFF),
    "staff:club_invitation_withdraw": Rule("club", A.STAFF, A.STAFF),
    "staff:club_role": Rule("club", A.STAFF, A.STAFF),
    "staff:club_logo": Rule("club", A.STAFF, A.STAFF),
    "staff:club_audit": Rule("club", A.AUDIT, A.AUDIT),
    "staff:club_tokens": Rule("club", A.STAFF, A.STAFF),  # the club's staff API tokens
    # season series
    "staff:series_list": Rule("any", A.SERIES, A.SERIES),
    "staff:series_create": Rule("any", A.SERIES, A.SERIES),
    "staff:series_edit": Rule("series", A.SERIES, A.SERIES),
    "staff:series_tournaments": Rule("series", A.SERIES, A.SERIES),
    # a tournament's consent to other clubs' series: its own club's organisers
    "staff:tournament_series": Rule(T, A.SERIES, A.SERIES),
    # registration before the day: the terms; the desk takes registrations up and scans
    "staff:registration": Rule(T, A.TERMS, A.TERMS),
    "staff:registration_take_up": Rule(T, A.SELL, A.SELL),
    "staff:registration_scan": Rule(T, A.SELL, A.SELL),  # check-in: also marks paid (PAY)
}

#: A staff page that is not listed above: for organisers only (deny by default).
UNLISTED = Rule("infer", A.TERMS, A.TERMS)


def rule_for(view_name: str) -> Rule:
    return VIEW_RULES.get(view_name, UNLISTED)


@dataclass(frozen=True)
class Scope:
    """Where a page's club comes from: ``lookup(kwargs)`` gives the club ids (a
    ``values_list``) of the object the URL names; ``infer(kwargs, route)`` says whether
    an unlisted page names such an object."""

    lookup: Callable
    infer: Callable


#: scope name -> Scope, in the order an unlisted page's object is looked for
SCOPES: dict[str, Scope] = {}


def register_scope(name: str, lookup: Callable, infer: Callable) -> None:
    """Say how the objects of a kind of URL lead to a club (from an app's ``ready``)."""
    SCOPES[name] = Scope(lookup, infer)


register_scope(
    "club",
    lambda kwargs: Club.objects.filter(slug=kwargs.get("slug")).values_list("pk", flat=True),
    lambda kwargs, route: "slug" in kwargs and "clubs/" in route,
)


def _target_club(scope: str, kwargs, route: str):
    """The club id of the object the URL names; Http404 when it does not exist."""
    if scope == "infer":  # an unlisted page: find its object like the listed ones
        scope = next((name for name, s in SCOPES.items() if s.infer(kwargs, route)), "any")
    if scope == "any":
        return scope, None
    found = list(SCOPES[scope].lookup(kwargs)[:1])
    if not found:
        raise Http404(_("This page does not exist."))
    return scope, found[0]  # None only for a series of no club: site administrators


def check(request, view_name: str, kwargs, route: str = "") -> int | None:
    """Raise Http404 / PermissionDenied unless the user may open this staff page; return
    the page's club id (None for a page of no one club)."""
    rule = rule_for(view_name)
    action = rule.action(request, kwargs)
    scope, club = _target_club(rule.scope, kwargs, route)
    _judge(request.user, action, scope, club)
    return club


def _judge(user, action: Action | None, scope: str, club) -> None:
    """Raise Http404 / PermissionDenied unless ``user`` may do ``action`` in ``club`` (the
    club of the page's object; ``scope`` "any": in one of his clubs)."""
    if action is None:
        raise PermissionDenied
    if scope == "any":
        if not can_anywhere(user, action):
            raise PermissionDenied
        return
    if club is None and not is_site_admin(user):
        raise Http404(_("This page does not exist."))
    if not is_member(user, club):
        raise Http404(_("This page does not exist."))
    if not can(user, action, club):
        raise PermissionDenied


def actions_anywhere(user) -> frozenset[Action]:
    """Everything the user may do in at least one club."""
    if is_site_admin(user):
        return frozenset(Action)
    actions: set[Action] = set()
    for club in _role_map(user):
        actions |= actions_in(user, club)
    return frozenset(actions)


def staff_required(view):
    """The role check of every staff view: anonymous users go to the login page; the
    rule of the page (``VIEW_RULES`` by URL name) decides the rest. The view finds what
    the user may do in the page's club in ``request.club_actions`` (for its template)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        match = request.resolver_match
        view_name = match.view_name if match else ""
        club = check(request, view_name, kwargs, getattr(match, "route", "") or "")
        actions = actions_anywhere(request.user) if club is None else actions_in(request.user, club)
        request.club_actions = _AccessView(actions)
        return view(request, *args, **kwargs)

    wrapper.staff_view = True  # the tests find every staff URL by this mark
    return wrapper


class _AccessView:
    """What the user may do in the page's club, for templates: ``request.club_actions.sell``."""

    def __init__(self, actions: frozenset[Action]):
        self._actions = actions

    def __getattr__(self, name: str) -> bool:
        try:
            return Action(name) in self._actions
        except ValueError:
            raise AttributeError(name) from None

    def __contains__(self, action) -> bool:
        return Action(action) in self._actions


def access_for(user, club) -> _AccessView:
    return _AccessView(actions_in(user, club))


# --------------------------------------------------------------------------- links and buttons


def allows(
    user, view_name: str, kwargs=None, *, method: str = "GET", data=None, route: str = "",
    club=None,
) -> bool:
    """May ``user`` open the staff page ``view_name`` (a URL name) with the URL's
    ``kwargs`` by ``method``? ``data``: the fields of the form that choose its action
    (``{"do": "revoke"}``). The same rule and the same check as ``staff_required``, so
    that a page offers a link, a button or a next step only where the view lets the user
    through. ``club``: the club of the URL's object when the caller knows it (a row of a
    tournament's table), which saves looking it up; otherwise it is looked up once per
    object and request."""
    if user is None or not user.is_authenticated:
        return False
    kwargs = kwargs or {}
    rule = rule_for(view_name)
    action = rule.action_for(method, data or {}, kwargs)
    try:
        if club is not None and rule.scope != "any":
            scope, club_id = rule.scope, _club_id(club)
        else:
            scope, club_id = _remembered_target_club(user, rule.scope, kwargs, route)
        _judge(user, action, scope, club_id)
    except (Http404, PermissionDenied):
        return False
    return True


def _remembered_target_club(user, scope: str, kwargs, route: str):
    """``_target_club``, remembered on the user for the rest of the request (a page asks
    for many links to the same tournament)."""
    memo = getattr(user, "_target_club_memo", None)
    if memo is None:
        memo = user._target_club_memo = {}
    key = (scope, route, tuple(sorted((k, str(v)) for k, v in kwargs.items())))
    if key not in memo:
        try:
            memo[key] = _target_club(scope, kwargs, route)
        except Http404 as missing:
            memo[key] = missing
    found = memo[key]
    if isinstance(found, Http404):
        raise found
    return found


def _resolved(view_name: str, args=(), kwargs=None):
    """(url, resolver match) of a URL name with its arguments; None if it does not
    resolve."""
    try:
        url = reverse(view_name, args=list(args or ()), kwargs=kwargs or None)
        return url, resolve(url)
    except (NoReverseMatch, Resolver404):
        return None


def staff_url(
    user, view_name: str, args=(), kwargs=None, *, method: str = "GET", data=None, club=None
) -> str:
    """The URL of ``view_name`` with ``args`` / ``kwargs`` if ``user`` may open it by
    ``method`` (``data``: the form's fields that choose its action), else "": the one test
    behind the staff pages' links, buttons and next steps (the template tag
    ``allowed_url`` of ``clubs.templatetags.staff_links``, the header's ``staff_nav``).
    A page that is not a staff page is open to everybody; a URL name that does not
    resolve (an app left out of the URLconf) gives "", as ``{% url … as name %}`` does."""
    found = _resolved(view_name, args, kwargs)
    if found is None:
        return ""
    url, match = found
    if not getattr(match.func, "staff_view", False):
        return url
    allowed = allows(
        user,
        match.view_name,
        match.kwargs,
        method=method,
        data=data,
        route=getattr(match, "route", "") or "",
        club=club,
    )
    return url if allowed else ""


def roles_allowed(
    view_name: str, args=(), kwargs=None, *, method: str = "GET", data=None
) -> list[str]:
    """The club roles that may open ``view_name`` with its arguments by ``method``, as
    role codes in the order of ``Role``: who takes a next step that the user may not."""
    found = _resolved(view_name, args, kwargs)
    if found is None:
        return []
    _url, match = found
    action = rule_for(match.view_name).action_for(method, data or {}, match.kwargs)
    return [role for role in Role.values if action in ROLE_ACTIONS.get(role, frozenset())]


# --------------------------------------------------------------------------- series


def may_add_to_series(user, tournament) -> bool:
    """A series' organiser may add a public tournament of any club, and any of his own
    clubs' tournaments (adding one publishes its final places on the series page). Another
    club's tournament counts only with that club's consent, while it is public
    (``series.services``)."""
    return tournament.is_public or can(user, Action.VIEW, tournament)


def can_view_series(user, series) -> bool:
    if series.is_public:
        return True
    if series.club_id is None:
        return is_site_admin(user)
    return can(user, Action.VIEW, series.club_id)
