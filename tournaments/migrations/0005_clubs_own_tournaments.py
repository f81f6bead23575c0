"""Clubs own their tournaments: one club per distinct club name of the existing
tournaments (the same name in any case and spacing is one club), a default club for the
tournaments that named none. Each club takes the logo of its latest tournament with one;
a tournament whose logo differs keeps it as its own. Staff accounts that could open every
tournament before become organisers of every club made here, so nobody loses access;
the audit log's rows get their club and "" as role (not known for the past)."""

import django.db.models.deletion
from django.conf import settings

import clubs.models
from django.db import migrations, models
from django.utils.text import slugify

DEFAULT_NAME, DEFAULT_SLUG = "Standardverein", "standard"


def _slug(Club, name):
    base = slugify(name)[:50] or "verein"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def clubs_from_names(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    AuditLog = apps.get_model("tournaments", "AuditLog")
    Club = apps.get_model("clubs", "Club")
    Membership = apps.get_model("clubs", "Membership")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    by_name = {}
    made = []

    def club_named(name):
        key = name.casefold()
        if key not in by_name:
            club = Club.objects.filter(name__iexact=name).first()
            if club is None:
                club = Club.objects.create(name=name, slug=_slug(Club, name))
                made.append(club)
            by_name[key] = club
        return by_name[key]

    def default_club():
        club = Club.objects.filter(is_default=True).first()
        if club is None:
            name = DEFAULT_NAME
            if Club.objects.filter(name__iexact=name).exists():
                name = f"{DEFAULT_NAME} ({DEFAULT_SLUG})"
            club = Club.objects.create(name=name, slug=_slug(Club, DEFAULT_SLUG), is_default=True)
            made.append(club)
        return club

    for t in Tournament.objects.order_by("pk"):
        name = " ".join((t.club_name or "").split())[:200]
        t.club = club_named(name) if name else default_club()
        t.save(update_fields=["club"])
    for club in made:
        latest = (
            Tournament.objects.filter(club=club)
            .exclude(logo="")
            .order_by("-date", "-pk")
            .first()
        )
        if latest is not None:
            club.logo = latest.logo.name
            club.save(update_fields=["logo"])
            Tournament.objects.filter(club=club, logo=latest.logo.name).update(logo="")
        AuditLog.objects.filter(tournament__club=club).update(club=club)
    staff = User.objects.filter(is_staff=True, is_superuser=False, is_active=True)
    Membership.objects.bulk_create(
        [Membership(user=u, club=c, role="organiser") for u in staff for c in made],
        ignore_conflicts=True,
    )


def names_from_clubs(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.select_related("club"):
        t.club_name = "" if t.club.is_default else t.club.name
        if not t.logo and t.club.logo:
            t.logo = t.club.logo.name
        t.save(update_fields=["club_name", "logo"])


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_clubs_staff_invitations"),
        ("tournaments", "0004_tournament_ceremony"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tournaments",
                to="clubs.club",
                verbose_name="club",
            ),
        ),
        migrations.AddField(
            model_name="auditlog",
            name="club",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="audit_log",
                to="clubs.club",
                verbose_name="club",
            ),
        ),
        migrations.AddField(
            model_name="auditlog",
            name="role",
            field=models.CharField(
                blank=True,
                help_text="The actor's roles in the club when he acted (clubs.permissions.audit_role).",
                max_length=60,
                verbose_name="role",
            ),
        ),
        migrations.RunPython(clubs_from_names, names_from_clubs),
        # Not null from now on. The default (the default club, for tournaments made
        # without one) is Python's only: the database step must not call it, or every
        # upgrade would make a default club whether a tournament needs it or not.
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterField(
                    model_name="tournament",
                    name="club",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="tournaments",
                        to="clubs.club",
                        verbose_name="club",
                    ),
                ),
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="tournament",
                    name="club",
                    field=models.ForeignKey(
                        default=clubs.models.default_club_pk,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="tournaments",
                        to="clubs.club",
                        verbose_name="club",
                    ),
                ),
            ],
        ),
        migrations.RemoveField(model_name="tournament", name="club_name"),
        migrations.AlterField(
            model_name="tournament",
            name="logo",
            field=models.FileField(
                blank=True,
                help_text="Printed instead of the club's logo; usually left empty.",
                upload_to="logos/",
                verbose_name="own logo",
            ),
        ),
    ]
