// The rules page (templates/games/rules.html): a search that keeps the sections holding every
// word typed and marks those words, in the page and without asking the server; and each
// section's picture, the example game's board drawn by the game's own renderer with the
// marks the section speaks of lit (each game's learn.js draws it: the page loads the renderer
// module the game declares, which imports its learn.js).
import { h } from "./shell/dom.js";
import { learningFor } from "./shell/learning.js";
import { explainAll } from "./shell/marks.js";
import { highlightPieces, searchSections } from "./shell/learn_model.js";

const page = document.querySelector("[data-role=rules-page]");

/** Every text node of `el` (not inside a mark already), with its text kept for undoing. */
function textNodes(el) {
  const out = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.textContent.trim() && !n.parentElement.closest("figure, .rules-picture")) out.push(n);
  }
  return out;
}

function unmark(section) {
  for (const m of section.querySelectorAll("mark.rules-hit")) m.replaceWith(document.createTextNode(m.textContent));
  section.normalize();
}

function mark(section, words) {
  for (const node of textNodes(section)) {
    const pieces = highlightPieces(node.textContent, words);
    if (pieces.length === 1 && !pieces[0].hit) continue;
    node.replaceWith(...pieces.map((p) => (p.hit ? h("mark.rules-hit", { text: p.text }) : document.createTextNode(p.text))));
  }
}

function search(query) {
  const sections = [...page.querySelectorAll("[data-section]")];
  for (const s of sections) unmark(s);
  const found = searchSections(sections.map((s) => ({ id: s.dataset.section, text: s.textContent })), query);
  const kept = new Set(found.kept);
  for (const s of sections) {
    s.hidden = !kept.has(s.dataset.section);
    if (!s.hidden && found.words.length) mark(s, found.words);
  }
  for (const a of page.querySelectorAll("[data-contents]")) a.parentElement.hidden = !kept.has(a.dataset.contents);
  page.querySelector("[data-role=rules-found]").textContent = found.said;
}

function pictures() {
  const node = document.getElementById("rules-example");
  const example = node ? JSON.parse(node.textContent) : null;
  const parts = example && learningFor(example.renderer || "");
  if (!parts) return;
  const marks = [...page.querySelectorAll("[data-mark-term]")].map((dt) => ({ key: dt.dataset.markTerm, name: dt.textContent, words: dt.nextElementSibling.textContent }));
  for (const figure of page.querySelectorAll("[data-picture]")) {
    const lit = figure.dataset.picture.split(" ").filter(Boolean);
    const drawing = parts.drawExample(figure, example);
    explainAll(figure, parts.marks, marks);
    drawing.classList.add("rules-drawing", "lighting");
    for (const key of lit) {
      if (parts.marks[key]) for (const el of figure.querySelectorAll(parts.marks[key])) el.classList.add("lit");
    }
    figure.append(h("figcaption", { text: `Lit: ${lit.map((k) => (marks.find((m) => m.key === k) || { name: k }).name.toLowerCase()).join(", ")}.` }));
  }
}

if (page) {
  const box = page.querySelector("[data-role=rules-query]");
  box.addEventListener("input", () => search(box.value));
  const asked = new URLSearchParams(location.search).get("q");
  try { pictures(); } catch (err) { console.error("the rules' pictures could not be drawn", err); }
  if (asked) { box.value = asked; search(asked); }
  page.dataset.ready = "1";
}
