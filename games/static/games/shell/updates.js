// What the board does with the server's updates, before anything is drawn: which events are
// new, when something was missed (ask again), the queue of updates played one after another,
// and how fast to play one. Pure logic over plain objects (tests/js drives it), used by the
// board's app frame (app.js).

/**
 * Take an `update` message against what the page has queued so far (`state`: queuedSeq,
 * queuedVersion, resyncAttempts). Returns {action: "resync"} when events were missed
 * (sequence numbers are gapless: secret events arrive as placeholders), {action: "ignore"}
 * for an older update with nothing new, else {action: "queue", update} with `state` moved on.
 */
export function takeUpdate(state, msg, { canResync = true } = {}) {
  const events = (msg.events || []).filter((e) => typeof e.seq !== "number" || e.seq > state.queuedSeq);
  const numbered = events.filter((e) => typeof e.seq === "number");
  const firstSeq = numbered.length ? numbered[0].seq : null;
  const missing = firstSeq !== null
    ? firstSeq > state.queuedSeq + 1
    : typeof msg.last_seq === "number" && msg.last_seq > state.queuedSeq;
  if (missing && canResync && state.resyncAttempts < 2) {
    state.resyncAttempts += 1; // ask again, at most twice in a row
    return { action: "resync" };
  }
  state.resyncAttempts = 0;
  if (msg.version < state.queuedVersion && !events.length) return { action: "ignore" };
  for (const e of numbered) state.queuedSeq = Math.max(state.queuedSeq, e.seq);
  if (typeof msg.last_seq === "number") state.queuedSeq = Math.max(state.queuedSeq, msg.last_seq);
  state.queuedVersion = Math.max(state.queuedVersion, msg.version);
  return { action: "queue", update: { events, view: msg.view, legal: Array.isArray(msg.legal) ? msg.legal : null } };
}

/**
 * How to play one update: `paced` (a burst the renderer paces itself, one action at a time,
 * such as a computer-run turn), `animate` (draw it at all). Behind by many updates, with the
 * page hidden, or with animations off, it is shown at once.
 */
export function pacing({ paced, waiting, events, hidden = false, off = false }) {
  const behind = paced ? waiting > 60 : waiting >= 4;
  return { paced, animate: !hidden && !off && !behind && events < 60 };
}

/**
 * Play `owner.queue` in order, one update at a time, through `owner.play(update)` (looked up
 * on each turn, so a wrapped `play` is used). A second call while one runs returns at once:
 * updates pushed meanwhile are played by the running loop. `owner.draining` says whether it runs.
 */
export async function drain(owner, { started = () => {}, finished = () => {} } = {}) {
  if (owner.draining) return;
  owner.draining = true;
  started();
  try {
    while (owner.queue.length) {
      const update = owner.queue.shift();
      await owner.play(update);
    }
  } finally {
    owner.draining = false;
    finished();
  }
}

/** The words for a refused command, and whether the page should read the board again. */
export function refusal(msg) {
  const stale = msg.code === "stale_version";
  return {
    text: stale ? "The board changed just before your move arrived. It is up to date now: please try again." : msg.message || msg.code,
    // stale: the board moved on; server_error: nothing was stored, read the board again
    resync: stale || msg.code === "server_error",
  };
}
