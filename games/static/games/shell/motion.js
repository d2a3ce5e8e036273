// The "Animations: full / reduced / off" setting and the caption over the board that says
// what is happening while a burst of updates is played at a pace people can follow (the
// renderer draws each action: for Wildlands, the Ancients' turn in wildlands/motion_fx.js).

export const MOTION_KEY = "wildlands.animations"; // the site's saved setting (kept: people's choices stay)
export const LEVELS = ["full", "reduced", "off"];

/** The saved setting, else reduced when the system asks for less motion, else full.
 * `storage` and `media` default to the page's localStorage and matchMedia. */
export function motionLevel({ storage, media } = {}) {
  let saved = null;
  try {
    const store = storage === undefined ? globalThis.localStorage : storage;
    saved = store ? store.getItem(MOTION_KEY) : null;
  } catch { /* storage may be blocked */ }
  if (LEVELS.includes(saved)) return saved;
  const ask = media || (typeof globalThis.matchMedia === "function" ? (q) => globalThis.matchMedia(q) : null);
  return ask && ask("(prefers-reduced-motion: reduce)").matches ? "reduced" : "full";
}

export class Motion {
  constructor(root, { caption, control }) {
    this.root = root;
    this.caption = caption;
    this.level = motionLevel();
    this.apply();
    if (control) {
      control.value = this.level;
      control.addEventListener("change", () => this.set(control.value));
    }
  }

  set(level) {
    if (!LEVELS.includes(level)) return;
    this.level = level;
    try { localStorage.setItem(MOTION_KEY, level); } catch { /* not saved, still used */ }
    this.apply();
  }

  apply() {
    for (const l of LEVELS) this.root.classList.toggle(`motion-${l}`, this.level === l);
    this.root.dataset.motion = this.level;
  }

  get off() { return this.level === "off"; }
  get full() { return this.level === "full"; }

  /** Say what is happening over the board (`kind` and `seq` of the event it tells);
   * `atBottom` moves the bar down when what it tells stands under it. */
  say(text, { kind = "", seq = null, atBottom = false } = {}) {
    if (!this.caption || this.off || !text) return;
    this.caption.textContent = text;
    this.caption.dataset.kind = kind || "";
    this.caption.dataset.seq = typeof seq === "number" ? String(seq) : "";
    this.caption.classList.toggle("at-bottom", atBottom);
    this.caption.hidden = false;
    this.caption.classList.remove("fresh");
    void this.caption.offsetWidth;
    this.caption.classList.add("fresh");
  }

  hush() {
    if (!this.caption) return;
    this.caption.hidden = true;
    this.caption.textContent = "";
  }
}

