"""Writes for Defenders of the Wild's content: rows to the data the shipped YAML holds and
back, the one validator over the whole of it, versions, and loading the shipped files.

One validator: an admin save, `load_defenders_content` and a balance run all build the
content data (board, machines, the four factions) and hand it to the core's
`build_content`, whose `ContentError` names the piece, the item and the problem. Nothing
refused is kept: callers run these inside a transaction, which the error rolls back. The
digest and YAML files and the record of shipped loads are the platform's
(`games.platform.content_files`, `content_models`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from django.db import transaction
from django.db.models import F

from defenders.content_loader import CONTENT_DIR
from defenders.models import (BoardContent, ContentVersion, DefenderCard, DefendersFaction,
                              MachineCard, Machines, Organizer)
from defenders.rules.content import FACTIONS, Content, build_content
from games.platform.content_common import ContentError
from games.platform import content_files
from games.platform.content_models import ShippedLoad

SHIPPED_KIND = "defenders"  # `ShippedLoad.kind` of the shipped files loaded here


# --- rows -> data --------------------------------------------------------------------------------
def _fragment(text: str, source: str, item: str) -> Any:
    """A YAML fragment of a text field; a broken one is a ContentError naming the item."""
    try:
        return content_files.from_yaml(text, source)
    except ContentError as error:
        raise ContentError(source, item, error.problem) from None


def board_to_data(board: BoardContent) -> Any:
    return _fragment(board.data, "admin board", "board")


def machines_to_data(machines: Machines) -> dict:
    source = "admin machines"
    cards = []
    for card in machines.cards.all():
        entry: dict = {"id": card.card_id, "kind": card.kind}
        if card.difficult:
            entry["difficult"] = True
        if card.replaces:
            entry["replaces"] = card.replaces
        cards.append(entry)
    return {"die": [f.strip() for f in machines.die.split(",") if f.strip()],
            "factory_tiles": _fragment(machines.factory_tiles, source, "factory tiles"),
            "support_tracks": _fragment(machines.support_tracks, source, "support tracks"),
            "machine_cards": cards}


def faction_to_data(faction: DefendersFaction) -> dict:
    source = f"admin faction {faction.faction_id}"
    defenders = []
    for card in faction.defenders.all():
        entry: dict = {"id": card.card_id, "name": card.name, "habitat": card.habitat,
                       "ap": card.ap}
        if card.organizer:
            entry["organizer"] = card.organizer
        if card.ability.strip():
            entry["ability"] = _fragment(card.ability, source, f"defender {card.card_id}")
        defenders.append(entry)
    return {"id": faction.faction_id, "name": faction.name, "habitat": faction.habitat,
            "item": faction.item,
            "organizers": [{"id": o.organizer_id, "name": o.name}
                           for o in faction.organizers.all()],
            "defenders": defenders}


def content_data() -> dict:
    """The whole content as the rows hold it now (not yet checked).

    :raises ContentError: a piece is missing."""
    board = BoardContent.objects.first()
    machines = Machines.objects.first()
    if board is None or machines is None:
        raise ContentError("admin content", "", "the board and the machines are needed "
                                                "(manage.py load_defenders_content)")
    factions = {f.faction_id: faction_to_data(f) for f in DefendersFaction.objects.all()}
    return {"board": board_to_data(board), "machines": machines_to_data(machines),
            "factions": factions}


def content_checked(data: dict) -> Content:
    """The one validator over content data.

    :raises ContentError: naming the piece, the item and the problem."""
    factions = data.get("factions") or {}
    sources = {"board": "admin board", "machine": "admin machines",
               **{fid: f"admin faction {fid}" for fid in factions}}
    return build_content(data.get("board"), data.get("machines"), factions, sources)


def version_content(version: ContentVersion) -> Content:
    return content_checked(version.data)


# --- saving edits ----------------------------------------------------------------------------------
def content_commit(*, user=None, note: str = "") -> ContentVersion:
    """Check the whole content as the rows hold it and freeze it as a new version when it
    differs from the newest one (an unchanged save makes none); every item's digest and
    revision follow its own data.

    :raises ContentError: the content is not valid; nothing is versioned."""
    data = content_data()
    content_checked(data)
    for item, part in [(BoardContent.objects.first(), data["board"]),
                       (Machines.objects.first(), data["machines"]),
                       *[(f, data["factions"][f.faction_id])
                         for f in DefendersFaction.objects.all()]]:
        _bump(item, content_files.digest(part))
    fingerprint = content_files.digest(data)
    latest = ContentVersion.objects.order_by("-number").first()
    if latest is not None and latest.digest == fingerprint:
        return latest
    return ContentVersion.objects.create(
        number=(latest.number + 1) if latest else 1, data_json=_dumps(data), digest=fingerprint,
        created_by=user if getattr(user, "pk", None) else None, note=note[:200])


def _bump(item, fingerprint: str) -> None:
    if item is not None and item.digest != fingerprint:
        type(item).objects.filter(pk=item.pk).update(digest=fingerprint,
                                                     revision=F("revision") + 1)
        item.digest = fingerprint
        item.revision += 1


def _dumps(data: Any) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)


# --- data -> rows (checked data only) ----------------------------------------------------------------
def write_board(data: Any) -> BoardContent:
    board, _ = BoardContent.objects.update_or_create(
        name="board", defaults={"data": content_files.to_yaml(data)})
    return board


def write_machines(data: dict) -> Machines:
    machines, _ = Machines.objects.update_or_create(name="machines", defaults={
        "die": ", ".join(data["die"]),
        "factory_tiles": content_files.to_yaml(data["factory_tiles"]),
        "support_tracks": content_files.to_yaml(data["support_tracks"])})
    machines.cards.all().delete()
    MachineCard.objects.bulk_create([
        MachineCard(machines=machines, position=i + 1, card_id=c["id"], kind=c["kind"],
                    difficult=bool(c.get("difficult")), replaces=c.get("replaces") or "")
        for i, c in enumerate(data["machine_cards"])])
    return machines


def write_faction(data: dict, position: int = 0) -> DefendersFaction:
    faction, _ = DefendersFaction.objects.update_or_create(faction_id=data["id"], defaults={
        "name": data["name"], "habitat": data["habitat"], "item": data["item"],
        "position": position})
    faction.organizers.all().delete()
    faction.defenders.all().delete()
    Organizer.objects.bulk_create([
        Organizer(faction=faction, position=i + 1, organizer_id=o["id"], name=o["name"])
        for i, o in enumerate(data["organizers"])])
    DefenderCard.objects.bulk_create([
        DefenderCard(faction=faction, position=i + 1, card_id=d["id"], name=d["name"],
                     habitat=d["habitat"], ap=d["ap"], organizer=d.get("organizer") or "",
                     ability=_flow(d["ability"]) if d.get("ability") else "")
        for i, d in enumerate(data["defenders"])])
    return faction


def _flow(value: Any) -> str:
    import yaml

    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=1000).strip()


# --- the shipped files -------------------------------------------------------------------------------
@dataclass(frozen=True)
class LoadLine:
    key: str
    action: str  # created | updated | unchanged | kept
    detail: str = ""

    def __str__(self) -> str:
        return f"defenders {self.key}: {self.action}" + (f" ({self.detail})" if self.detail else "")


def shipped_data() -> dict:
    """The shipped YAML as content data (board, machines, factions)."""
    read = lambda name: content_files.read_file(CONTENT_DIR / f"{name}.yaml",  # noqa: E731
                                             f"defenders/content/{name}.yaml")
    return {"board": read("board"), "machines": read("machine"),
            "factions": {fid: read(fid) for fid in FACTIONS}}


def _current(key: str) -> Optional[str]:
    if key == "board":
        return BoardContent.objects.values_list("digest", flat=True).first()
    if key == "machines":
        return Machines.objects.values_list("digest", flat=True).first()
    return DefendersFaction.objects.filter(faction_id=key).values_list("digest", flat=True).first()


def content_load_shipped(*, force: bool = False) -> list[LoadLine]:
    """Copy the shipped YAML into the database and version it. Idempotent: a file unchanged
    since it was last loaded is skipped; an item edited in the admin since is kept (and
    reported) unless `force`. The shipped content is checked as a whole first.

    :raises ContentError: the shipped files are broken (nothing is written)."""
    data = shipped_data()
    content_checked(data)
    pieces = [("board", data["board"]), ("machines", data["machines"]),
              *[(fid, data["factions"][fid]) for fid in FACTIONS]]
    lines: list[LoadLine] = []
    written: list[tuple[str, str]] = []
    with transaction.atomic():
        for position, (key, part) in enumerate(pieces):
            file_digest = content_files.digest(part)
            record = ShippedLoad.objects.filter(kind=SHIPPED_KIND, key=key).first()
            current = _current(key)
            if current is not None and not force:
                if record is not None and record.source_digest == file_digest:
                    lines.append(LoadLine(key, "unchanged"))
                    continue
                if record is None or current != record.loaded_digest:
                    lines.append(LoadLine(key, "kept", "edited in the admin; --force replaces it"))
                    continue
            if key == "board":
                write_board(part)
            elif key == "machines":
                write_machines(part)
            else:
                write_faction(part, position)
            written.append((key, file_digest))
            lines.append(LoadLine(key, "created" if current is None else "updated"))
        if written:
            content_commit(note="loaded from defenders/content")
        for key, file_digest in written:  # the item's digest as the commit left it
            ShippedLoad.objects.update_or_create(
                kind=SHIPPED_KIND, key=key,
                defaults={"path": f"defenders/content/{key}.yaml", "source_digest": file_digest,
                          "loaded_digest": _current(key) or ""})
    return lines
