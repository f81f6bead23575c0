"""The register's contact data belongs to the club that recorded it (issue 31).

Each player's former ``contact`` moves to a ``PlayerContact`` of the club of his first
tournament (by date), or of the only club when there is one; contact data that no club can
be told from keeps no club (site administrators only). ``recorded_by`` is set the same
way."""

import django.db.models.deletion
from django.db import migrations, models


def attribute_contacts(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    PlayerContact = apps.get_model("tournaments", "PlayerContact")
    Entry = apps.get_model("tournaments", "Entry")
    Team = apps.get_model("tournaments", "Team")
    Club = apps.get_model("clubs", "Club")
    clubs = list(Club.objects.values_list("pk", flat=True)[:2])
    only_club = clubs[0] if len(clubs) == 1 else None
    for player in Player.objects.all().iterator():
        first = (
            Entry.objects.filter(player=player)
            .order_by("tournament__date", "pk")
            .values_list("tournament__club_id", flat=True)
            .first()
        )
        if first is None:
            first = (
                Team.objects.filter(models.Q(first=player) | models.Q(second=player))
                .order_by("tournament__date", "pk")
                .values_list("tournament__club_id", flat=True)
                .first()
            )
        club_id = first or only_club
        if club_id is not None:
            player.recorded_by_id = club_id
            player.save(update_fields=["recorded_by"])
        if player.contact:
            PlayerContact.objects.create(player=player, club_id=club_id, contact=player.contact)


def contacts_back(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    PlayerContact = apps.get_model("tournaments", "PlayerContact")
    for contact in PlayerContact.objects.order_by("pk"):
        Player.objects.filter(pk=contact.player_id, contact="").update(contact=contact.contact)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_clubs_staff_invitations"),
        ("tournaments", "0013_match_length_wording"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_public",
            field=models.BooleanField(
                default=True,
                help_text="Off at the player's request: public pages, documents and the open API show his place without his name.",
                verbose_name="name on public pages",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="recorded_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="clubs.club",
                verbose_name="recorded by",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="erased_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="erased"),
        ),
        migrations.CreateModel(
            name="PlayerContact",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("contact", models.CharField(max_length=200, verbose_name="contact")),
                ("updated_at", models.DateTimeField(auto_now=True, verbose_name="changed")),
                (
                    "club",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="clubs.club",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="contacts",
                        to="tournaments.player",
                    ),
                ),
            ],
            options={
                "verbose_name": "contact data",
                "verbose_name_plural": "contact data",
                "constraints": [
                    models.UniqueConstraint(fields=("player", "club"), name="one_contact_per_club")
                ],
            },
        ),
        migrations.RunPython(attribute_contacts, contacts_back),
        migrations.RemoveField(model_name="player", name="contact"),
    ]
