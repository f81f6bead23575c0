import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_clubs_own_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="merged_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="merged"),
        ),
        migrations.AddField(
            model_name="player",
            name="merged_into",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="merged_from",
                to="tournaments.player",
                verbose_name="merged into",
            ),
        ),
    ]
