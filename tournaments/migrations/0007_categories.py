import django.core.validators
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_player_merged_into"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="category_prize_with_main",
            field=models.BooleanField(
                default=False,
                help_text="A player may take a category prize (e.g. the ladies' prize) as well as one of the eight prizes. If not, the category prize passes to the next player of the category.",
                verbose_name="category prize as well as a main prize",
            ),
        ),
        migrations.CreateModel(
            name="Category",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=60, verbose_name="name")),
                ("position", models.PositiveSmallIntegerField(default=0, verbose_name="order")),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="categories",
                        to="tournaments.tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "category",
                "verbose_name_plural": "categories",
                "ordering": ["tournament", "position", "pk"],
            },
        ),
        migrations.AddField(
            model_name="entry",
            name="categories",
            field=models.ManyToManyField(
                blank=True, related_name="entries", to="tournaments.category", verbose_name="categories"
            ),
        ),
        migrations.CreateModel(
            name="CategoryPrize",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "place",
                    models.PositiveSmallIntegerField(
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(8),
                        ],
                        verbose_name="place",
                    ),
                ),
                ("description", models.CharField(blank=True, max_length=200, verbose_name="prize")),
                ("amount", models.DecimalField(blank=True, decimal_places=2, max_digits=10, null=True, verbose_name="amount")),
                (
                    "category",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="prizes",
                        to="tournaments.category",
                    ),
                ),
            ],
            options={
                "verbose_name": "category prize",
                "verbose_name_plural": "category prizes",
                "ordering": ["category", "place"],
            },
        ),
        migrations.AddConstraint(
            model_name="category",
            constraint=models.UniqueConstraint(fields=("tournament", "name"), name="unique_category_name"),
        ),
        migrations.AddConstraint(
            model_name="categoryprize",
            constraint=models.UniqueConstraint(fields=("category", "place"), name="unique_category_prize"),
        ),
    ]
