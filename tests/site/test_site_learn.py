"""Issue 33 items 2 and 3 without a browser: each game's rules document (read from its own
package through its declaration, checked on load, in the project's own words), the rules
page and the guided game's start, and what the board page is handed to teach with."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games.learning import all_books, board_rules, book_for, example_of
from games.models import Game
from games.rulebook import RulebookError, blocks_of, load

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
if not SEEDS.is_dir():  # a worktree beside the repository: the seeds are beside the main one
    SEEDS = Path("/work/shared/seeds")


def test_both_games_declare_a_rules_document_found_by_any_of_their_modes():
    books = {book.key: game.key for game, book in all_books()}
    assert books == {"wildlands": "solo", "defenders": "defenders"}
    for mode in ("solo", "coop", "skirmish", "wrath", "war"):
        assert book_for(mode)[1].key == "wildlands"
    assert book_for("skirmish")[0].key == "skirmish"
    assert book_for("defenders-of-the-wild")[1].key == "defenders"  # the game's name as a slug
    assert book_for("wildlands")[0].key == "solo"  # the mode its guided game plays


def test_every_board_mark_of_the_issue_has_its_words():
    _, defenders = book_for("defenders")
    _, wildlands = book_for("wildlands")
    assert {"mech", "engine", "wall", "breach", "factory", "pollution", "toxic", "camp"} \
        <= {m["key"] for m in defenders.marks}
    assert {"shard", "trap", "crystal", "object", "thin_ice", "tomb", "belt", "portal",
            "stair", "thorn"} <= {m["key"] for m in wildlands.marks}


def sentences(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    return [s.strip().lower() for s in re.split(r"(?<=[.!?;:])\s", flat) if len(s.split()) >= 7]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (shared/seeds) are not beside the repository")
@pytest.mark.parametrize("key, seed", [("defenders", "002_2572b03a9d4221e5.txt"),
                                       ("wildlands", "003_3c4be6d39c95f18d.txt")])
def test_the_rules_are_in_our_own_words_not_a_sentence_of_the_rulebook(key, seed):
    _, book = book_for(key)
    ours = re.sub(r"\s+", " ", Path(book.source).read_text(encoding="utf-8")).lower()
    copied = [s for s in sentences((SEEDS / seed).read_text(encoding="utf-8")) if s in ours]
    assert copied == []


def test_a_section_is_paragraphs_and_lists():
    blocks = blocks_of("One line\nand its end.\n\n- first\n- second\n")
    assert [(b.kind, b.items) for b in blocks] == [("p", ("One line and its end.",)),
                                                   ("ul", ("first", "second"))]


@pytest.mark.parametrize("change, says", [
    (lambda d: d.pop("phases"), "top: needs 'phases' as a mapping"),
    (lambda d: d["marks"].append(dict(d["marks"][0])), "marks[12]: the mark 'core' is listed twice"),
    (lambda d: d["sections"][1].update(picture=["dragon"]), "sections[1] ('board'): 'picture' lists marks"),
    (lambda d: d["sections"][2].pop("text"), "sections[2] ('setup'): needs 'text' as text"),
    (lambda d: d["guide"]["steps"][0].pop("until"), "guide.steps[0] ('camps'): needs a 'button' or 'until'"),
    (lambda d: d.pop("example"), "guide: plays the document's 'example' game, and there is none"),
])
def test_a_broken_document_is_refused_naming_the_file_and_the_item(tmp_path, change, says):
    import yaml

    _, book = book_for("defenders")
    data = yaml.safe_load(Path(book.source).read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "how_to_play.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RulebookError) as refused:
        load(path)
    assert str(refused.value).startswith(f"{path}: ")
    assert says in str(refused.value)


def test_the_pictures_show_the_example_games_first_board():
    game, book = book_for("defenders")
    example = example_of(game, book)
    assert example["renderer"] == "defenders"
    assert example["view"]["seat"] is None  # a spectator's view: no hand shown
    assert all(f["camps"] for f in example["view"]["factions"])  # the starting camps placed
    game, book = book_for("wildlands")
    example = example_of(game, book)
    assert example["renderer"] == "wildlands" and example["board"]["spaces"]


@pytest.mark.django_db
def test_the_rules_page_lists_the_sections_and_refuses_an_unknown_game(client):
    answer = client.get(reverse("games:rules", args=["defenders"]))
    assert answer.status_code == 200
    page = answer.content.decode()
    for title in ("The goal", "Actions", "The machines&#x27; turn", "What the marks on the board mean"):
        assert title in page
    assert 'href="/games/defenders/guided/"' in page
    assert client.get("/games/solo/rules/").status_code == 200
    assert client.get("/games/nothing/rules/").status_code == 404


@pytest.mark.django_db
def test_the_guided_game_is_a_real_game_with_the_guides_seed(client, owner):
    assert client.get(reverse("games:guided", args=["defenders"])).status_code == 302  # sign in first
    client.force_login(owner)
    assert client.get(reverse("games:guided", args=["defenders"])).status_code == 200
    answer = client.post(reverse("games:guided", args=["defenders"]))
    game = Game.objects.get(created_by=owner)
    assert (game.mode, game.seed, game.status) == ("defenders", 3, Game.Status.PLAYING)
    assert answer["Location"] == f"/play/{game.id}/?guide=1"

    def learn(url):
        page = client.get(url).content.decode()
        found = re.search(r'<script id="board-learn" type="application/json">(.*?)</script>', page)
        return json.loads(found.group(1))

    guided = learn(answer["Location"])
    assert guided["rules"]["key"] == "defenders" and guided["rules"]["address"] == "/games/defenders/rules/"
    assert [s["id"] for s in guided["guide"]["steps"]][:2] == ["camps", "pick"]
    assert guided["guide"]["real_game"] == "/play/new/?mode=defenders"
    assert learn(f"/play/{game.id}/")["guide"] is None  # the same game, not asked for the guide


def test_the_board_gets_no_sections_only_what_its_panel_and_marks_need():
    game, _ = book_for("defenders")
    part = board_rules(game)
    assert set(part) == {"key", "title", "variants", "phases", "marks", "address"}
