// The shell's registry of renderers and its animation setting.
import { test } from "node:test";
import assert from "node:assert/strict";
import { registerRenderer, rendererFor, rendererName } from "../../games/static/games/shell/registry.js";
import { MOTION_KEY, motionLevel } from "../../games/static/games/shell/motion.js";

test("a page's renderer is found by the name on its root", () => {
  const factory = () => ({});
  registerRenderer("test-game", factory);
  assert.equal(rendererFor(rendererName({ dataset: { renderer: "test-game" } })), factory);
  registerRenderer("test-game", factory); // the same module loaded twice: harmless
});

test("an unknown or missing renderer fails with its name and the known ones", () => {
  registerRenderer("test-known", () => ({}));
  assert.throws(() => rendererFor("chess"), /no renderer called "chess" is loaded \(known: .*test-known/);
  assert.throws(() => rendererFor(rendererName({ dataset: {} })), /no renderer called ""/);
  assert.throws(() => registerRenderer("test-known", () => ({})), /already registered/);
  assert.throws(() => registerRenderer("", () => ({})), /needs a name/);
});

test("the animation setting: the saved one, else reduced when the system asks, else full", () => {
  const saved = (value) => ({ getItem: (key) => (key === MOTION_KEY ? value : null) });
  const media = (reduce) => () => ({ matches: reduce });
  assert.equal(motionLevel({ storage: saved("off"), media: media(true) }), "off");
  assert.equal(motionLevel({ storage: saved("sideways"), media: media(true) }), "reduced");
  assert.equal(motionLevel({ storage: null, media: media(false) }), "full");
  const blocked = { getItem() { throw new Error("SecurityError"); } };
  assert.equal(motionLevel({ storage: blocked, media: media(false) }), "full");
});
