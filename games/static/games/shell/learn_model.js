// How the site teaches a game, as plain data and no DOM: what the board's Rules panel says
// for a view, which sections of a rules page a search keeps and where its words are, and
// when a step of a guided first game is done. The words come from the game's rules document
// (games/rulebook.py, sent with the page); the renderer says which variant and phase a view
// is in (its learn.js). Pure: tests/js/learn.test.js drives it.

/** The Rules panel for `view`: the goal, how to win and lose, and the phase's rules.
 * `where` is the renderer's answer ({variant, phase}); an unknown phase gives no phase part. */
export function panelModel(rules, where) {
  const variants = rules.variants || {};
  const names = Object.keys(variants);
  const variant = variants[where.variant] || variants[names[0]] || null;
  const phase = (rules.phases || {})[where.phase] || null;
  return {
    title: rules.title || "",
    variant: variant ? { name: variant.name, goal: variant.goal, win: [...variant.win], lose: [...variant.lose] } : null,
    phase: phase ? { key: where.phase, name: phase.name, words: [...phase.words] } : null,
    address: rules.address || "",
  };
}

/** The words of a search, lower-cased, each at least two letters long. */
export function searchWords(query) {
  return String(query || "").toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length >= 2);
}

/** Does `text` hold every word of the search (none: everything matches)? */
export function matches(text, words) {
  const low = String(text || "").toLowerCase();
  return words.every((w) => low.includes(w));
}

/** `text` cut into pieces, each {text, hit}: hit pieces are where a search word stands. */
export function highlightPieces(text, words) {
  const source = String(text || "");
  if (!words.length || !source) return [{ text: source, hit: false }];
  const low = source.toLowerCase();
  const marks = new Array(source.length).fill(false);
  for (const w of words) {
    for (let at = low.indexOf(w); at >= 0; at = low.indexOf(w, at + w.length)) {
      for (let i = at; i < at + w.length; i++) marks[i] = true;
    }
  }
  const out = [];
  for (let i = 0; i < source.length; i++) {
    const last = out[out.length - 1];
    if (last && last.hit === marks[i]) last.text += source[i];
    else out.push({ text: source[i], hit: marks[i] });
  }
  return out;
}

/** What a search keeps of the sections ({id, text}): their ids, and a sentence saying so. */
export function searchSections(sections, query) {
  const words = searchWords(query);
  const kept = sections.filter((s) => matches(s.text, words)).map((s) => s.id);
  if (!words.length) return { words, kept, said: "" };
  const said = kept.length === 0 ? "Nothing in the rules matches that."
    : kept.length === 1 ? "1 section matches." : `${kept.length} sections match.`;
  return { words, kept, said };
}

/** The value at a dotted path of a view ("turn.stage", "factions.0.camps"). */
export function valueAt(view, path) {
  let here = view;
  for (const part of String(path).split(".")) {
    if (here === null || here === undefined) return undefined;
    here = here[/^\d+$/.test(part) ? Number(part) : part];
  }
  return here;
}

const size = (v) => (Array.isArray(v) ? v.length : typeof v === "number" ? v : Number.NaN);

/** Is a guided step done, comparing the view now with the view the step started from?
 * A step with a button only (no `until`) is done when its button is pressed, never here. */
export function stepDone(step, start, now) {
  const until = step.until;
  if (!until) return false;
  const value = valueAt(now, until.path);
  const before = valueAt(start, until.path);
  if ("equals" in until) return value === until.equals;
  if ("not_equals" in until) return value !== undefined && value !== until.not_equals;
  if ("changes" in until) return JSON.stringify(value) !== JSON.stringify(before);
  if ("grows" in until) return size(value) > size(before);
  if ("shrinks" in until) return size(value) < size(before);
  return false;
}

/** The step to show once `now` is seen, the guide standing at `index` since `start`: a step
 * done moves it on, and a following step already true of `now` (an "equals" or "not_equals"
 * a quick player has already met) is passed over too; a step of changes waits for a change. */
export function nextStep(steps, index, start, now) {
  if (index >= steps.length || !stepDone(steps[index], start, now)) return index;
  let i = index + 1;
  while (i < steps.length && stepDone(steps[i], now, now)) i += 1;
  return i;
}

/** The words of a mark for its title: the drawing's own words first, then what it means. */
export function markTitle(own, mark) {
  const meaning = `${mark.name}: ${mark.words}`;
  const first = String(own || "").trim();
  if (!first) return meaning;
  return first.includes(meaning) ? first : `${first} — ${meaning}`;
}
