// Every mark drawn on a board explains itself: a hover shows its title (the drawing's own
// words, then what the mark means in the rules document) and a tap or click opens a small
// note with the same words, for fingers that cannot hover. The game's learn.js says which
// drawn elements are which mark; the drawing is redrawn often, so a watcher explains each
// new element as it appears.
import { h, svg } from "./dom.js";
import { markTitle } from "./learn_model.js";

/** Give `el` the titles of the marks it is (`found`, in the game's order: the first names its
 * note). Only what differs is written, so a redraw settles after one pass: the watcher below
 * sees no change of ours the second time. */
function explain(el, found) {
  let title = [...el.children].find((c) => c.tagName.toLowerCase() === "title");
  if (!title) title = el.insertBefore(svg("title"), el.firstChild);
  if (title.dataset.own === undefined) { // a title the drawing (re)made: its own words
    title.dataset.own = title.textContent;
    el.dataset.markOwn = title.textContent;
  }
  if (el.dataset.mark !== found[0].key) el.dataset.mark = found[0].key;
  const words = found.reduce((text, mark) => markTitle(text, mark), title.dataset.own);
  if (title.textContent !== words) title.textContent = words;
}

/** Explain every mark in `host` now; `selectors`: {key: css selector}, `marks`: the rules
 * document's list ({key, name, words}). */
export function explainAll(host, selectors, marks) {
  const byKey = new Map(marks.map((m) => [m.key, m]));
  const found = new Map();
  for (const [key, selector] of Object.entries(selectors)) {
    const mark = byKey.get(key);
    if (!mark) continue;
    for (const el of host.querySelectorAll(selector)) {
      if (!found.has(el)) found.set(el, []);
      found.get(el).push(mark);
    }
  }
  for (const [el, list] of found) explain(el, list);
}

export class MarkNotes {
  /** Watch `host` (the map's frame) and answer taps inside `area` with a note. */
  constructor(host, area, { selectors, marks }) {
    this.host = host;
    this.area = area;
    this.selectors = selectors;
    this.marks = new Map(marks.map((m) => [m.key, m]));
    this.list = marks;
    this.note = h("div.mark-note", { role: "note", hidden: true, dataset: { role: "mark-note" } });
    area.append(this.note);
    let queued = false;
    this.watcher = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => { queued = false; this.refresh(); });
    });
    this.watcher.observe(host, { childList: true, subtree: true });
    // capture: a token's own click handler may stop the click from bubbling
    host.addEventListener("click", (ev) => this.tapped(ev), true);
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") this.hide(); });
    this.refresh();
  }

  refresh() { explainAll(this.host, this.selectors, this.list); }

  tapped(ev) {
    const el = ev.target.closest && ev.target.closest("[data-mark]");
    if (!el || !this.host.contains(el)) { this.hide(); return; }
    const mark = this.marks.get(el.dataset.mark);
    if (!mark) return;
    this.show(mark, el.dataset.markOwn || "", ev);
  }

  show(mark, own, ev) {
    // replaceChildren writes a null as the text "null": a mark with no words of its own
    // (a breach, a wall) leaves the span out instead
    this.note.replaceChildren(
      h("strong", { text: mark.name }),
      ...(own ? [h("span.mark-note-own", { text: own })] : []),
      h("p", { text: mark.words }),
      h("button.mark-note-close", { type: "button", "aria-label": "Close", onclick: () => this.hide(), text: "×" }));
    this.note.dataset.mark = mark.key;
    const box = this.area.getBoundingClientRect();
    const x = Math.max(8, Math.min((ev.clientX || box.left) - box.left + 12, box.width - 260));
    const y = Math.max(8, Math.min((ev.clientY || box.top) - box.top + 12, box.height - 120));
    this.note.style.left = `${x}px`;
    this.note.style.top = `${y}px`;
    this.note.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), 9000);
  }

  hide() { this.note.hidden = true; }
}
