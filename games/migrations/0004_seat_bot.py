# A seat played by a built-in bot (games.bot_seats).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_game_replay_token'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='bot',
            field=models.CharField(blank=True, max_length=16),
        ),
    ]
