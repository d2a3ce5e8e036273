"""The record of shipped content loads becomes the platform's (`games.ShippedLoad`, one table
for every game's content): its rows are copied there, then this app's table is dropped.
Undone, the rows move back (every kind: Defenders' too, which shared this table)."""

from django.db import migrations

FIELDS = ("kind", "key", "path", "source_digest", "loaded_digest", "loaded_at")


def _copy(source, target) -> None:
    rows = list(source.objects.order_by("pk"))
    target.objects.bulk_create(target(**{name: getattr(row, name) for name in FIELDS})
                               for row in rows)
    for row in rows:  # `loaded_at` is auto_now: a save would stamp it with today
        target.objects.filter(kind=row.kind, key=row.key).update(loaded_at=row.loaded_at)


def to_the_platform(apps, schema_editor) -> None:
    _copy(apps.get_model("ancients_ai", "ShippedLoad"), apps.get_model("games", "ShippedLoad"))


def back_here(apps, schema_editor) -> None:
    platform = apps.get_model("games", "ShippedLoad")
    _copy(platform, apps.get_model("ancients_ai", "ShippedLoad"))
    platform.objects.all().delete()  # moved back, not copied: applying again moves them again


class Migration(migrations.Migration):

    dependencies = [
        ('ancients_ai', '0002_map_features'),
        ('games', '0009_shippedload'),
    ]

    operations = [
        migrations.RunPython(to_the_platform, back_here),
        migrations.DeleteModel(
            name='ShippedLoad',
        ),
    ]
