// A guided first game on the board: a box that tells the newcomer what to do and why, one
// step of the game's guide script at a time (its rules document's `guide`), points at what
// to click, tells the opponent's turn in words (the log's new lines, mirrored), and ends by
// offering a real game. The game itself is real: the steps only watch the view move on.
import { h } from "./dom.js";
import { nextStep } from "./learn_model.js";

export class GuideBox {
  /** `root`: the board page's root; `guide`: the script; `points`: {name: selector}. */
  constructor(root, guide, points) {
    this.root = root;
    this.guide = guide;
    this.steps = guide.steps;
    this.points = points;
    this.index = 0;
    this.start = null;
    this.logStart = null;
    this.node = h("aside.guide", { dataset: { role: "guide" }, "aria-live": "polite", "aria-label": "Guided first game" });
    root.prepend(this.node);
    root.classList.add("guided");
    let queued = false;
    this.watcher = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.pointAt(); this.mirrorLog(); });
    });
    this.watcher.observe(root, { childList: true, subtree: true });
  }

  /** The view moved on (or the board started): check the step, redraw. */
  seen(view) {
    this.view = view;
    if (this.start === null) this.enter(0, view);
    const next = nextStep(this.steps, this.index, this.start, view);
    if (next !== this.index) this.enter(next, view);
  }

  enter(index, view) {
    this.index = index;
    this.start = view;
    const log = this.root.querySelector("[data-role=log]");
    this.logStart = log ? log.lastElementChild : null;
    this.draw();
  }

  draw() {
    const done = this.index >= this.steps.length;
    const step = done ? null : this.steps[this.index];
    this.node.dataset.step = step ? step.id : "finished";
    const head = h("p.guide-count", { text: done ? "Guided game: done" : `Guided game · step ${this.index + 1} of ${this.steps.length}` });
    const parts = [head];
    if (done) {
      parts.push(h("p.guide-say", { text: this.guide.finish }),
        h("p.guide-actions", {},
          h("a.btn.primary", { href: this.guide.real_game, dataset: { role: "real-game" }, text: "Start a real game" }),
          h("button.btn.ghost", { type: "button", onclick: () => this.close(), text: "Keep playing this one" })));
    } else {
      parts.push(h("p.guide-say", { dataset: { role: "guide-say" }, text: step.say }));
      if (step.show_log) parts.push(h("ol.guide-log", { dataset: { role: "guide-log" } }));
      const row = h("p.guide-actions");
      if (step.button) row.append(h("button.btn.primary", { type: "button", dataset: { role: "guide-next" }, onclick: () => this.enter(this.index + 1, this.view), text: step.button }));
      row.append(h("button.btn.ghost", { type: "button", onclick: () => this.close(), text: "Leave the guide" }));
      parts.push(row);
    }
    this.node.replaceChildren(...parts);
    this.pointAt();
    this.mirrorLog();
  }

  /** Light what the step says to click (the renderer redraws often: lit again each time). */
  pointAt() {
    const step = this.steps[this.index];
    const selector = step && step.point ? this.points[step.point] : "";
    for (const el of this.root.querySelectorAll(".guide-point")) {
      if (!selector || !el.matches(selector)) el.classList.remove("guide-point");
    }
    if (selector) for (const el of this.root.querySelectorAll(selector)) el.classList.add("guide-point");
  }

  /** The opponent's turn in words: the log lines written since the step began. */
  mirrorLog() {
    const list = this.node.querySelector("[data-role=guide-log]");
    const log = this.root.querySelector("[data-role=log]");
    if (!list || !log) return;
    const lines = [];
    let el = this.logStart && this.logStart.parentNode === log ? this.logStart.nextElementSibling : (this.logStart ? null : log.firstElementChild);
    for (; el; el = el.nextElementSibling) lines.push(el.textContent);
    if (list.childElementCount === lines.length) return;
    list.replaceChildren(...lines.map((t) => h("li", { text: t })));
  }

  close() {
    this.watcher.disconnect();
    for (const el of this.root.querySelectorAll(".guide-point")) el.classList.remove("guide-point");
    this.node.remove();
    this.root.classList.remove("guided");
  }
}
