// Which game draws the board: each game's renderer registers itself under its name, and the
// page names the one it needs (`data-renderer` on its root, from the game's declaration).

const RENDERERS = new Map();

/** Make `factory(app, root, options)` the renderer called `name`. */
export function registerRenderer(name, factory) {
  if (typeof name !== "string" || !name) throw new Error("a renderer needs a name");
  if (typeof factory !== "function") throw new Error(`the renderer "${name}" needs a factory function`);
  if (RENDERERS.has(name) && RENDERERS.get(name) !== factory) throw new Error(`a renderer called "${name}" is already registered`);
  RENDERERS.set(name, factory);
}

/** The factory registered as `name`; a page naming no renderer, or an unknown one, fails clearly. */
export function rendererFor(name) {
  const factory = RENDERERS.get(name);
  if (!factory) {
    const known = [...RENDERERS.keys()].join(", ") || "none";
    throw new Error(`no renderer called "${name || ""}" is loaded (known: ${known})`);
  }
  return factory;
}

/** The name a page's root asks for (`data-renderer`). */
export function rendererName(root) {
  return (root && root.dataset && root.dataset.renderer) || "";
}
