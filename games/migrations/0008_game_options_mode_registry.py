"""A game row stores its game's own lobby choices (`Game.options`), and `mode` names a
registered game (`games.platform.registry`) instead of a fixed list of choices: a new game
registers itself without a migration."""
import games.models
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0007_snapshot_mode_state"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="game",
            name="mode",
            field=models.CharField(max_length=16, validators=[games.models.known_game]),
        ),
    ]
