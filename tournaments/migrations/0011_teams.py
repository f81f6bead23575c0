import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_result_report"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="game",
            field=models.CharField(
                choices=[
                    ("schnapsen", "Schnapsen (players)"),
                    ("bauernschnapsen", "Bauernschnapsen (teams of two, tables of four)"),
                ],
                default="schnapsen",
                max_length=16,
                verbose_name="game",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="draw_partners",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Bauernschnapsen: players register alone; the partners are drawn by lot "
                    "before the first draw."
                ),
                verbose_name="partners drawn by lot",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="partner_draw",
            field=models.JSONField(blank=True, default=dict, verbose_name="partner draw"),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="match_bummerl",
            field=models.PositiveSmallIntegerField(
                choices=[
                    (1, "one Bummerl (Bauernschnapsen)"),
                    (2, "best of 2 Bummerl"),
                    (3, "best of 3 Bummerl"),
                ],
                default=2,
                help_text="A match is won by the first player (team) to win this many Bummerl.",
                verbose_name="match length",
            ),
        ),
        migrations.CreateModel(
            name="Team",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("drawn", models.BooleanField(default=False, verbose_name="partners drawn by lot")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="teams",
                        to="tournaments.tournament",
                    ),
                ),
                (
                    "first",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="teams_first",
                        to="tournaments.player",
                        verbose_name="player 1",
                    ),
                ),
                (
                    "second",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="teams_second",
                        to="tournaments.player",
                        verbose_name="player 2",
                    ),
                ),
            ],
            options={
                "verbose_name": "team",
                "verbose_name_plural": "teams",
                "ordering": ["tournament", "pk"],
                "constraints": [
                    models.UniqueConstraint(fields=("tournament", "first"), name="unique_team_first"),
                    models.UniqueConstraint(fields=("tournament", "second"), name="unique_team_second"),
                    models.CheckConstraint(
                        condition=models.Q(("first", models.F("second")), _negated=True),
                        name="team_two_players",
                    ),
                ],
            },
        ),
        migrations.AddField(
            model_name="entry",
            name="team",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="entries",
                to="tournaments.team",
                verbose_name="team",
            ),
        ),
    ]
