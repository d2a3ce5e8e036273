// A node resolve hook that finds static files as Django's finders do. In the browser every
// app's static folder is one tree under /static/ (games/static/games/shell/ beside
// wildlands/static/games/wildlands/), so a game's module imports "../shell/app.js"; on disk
// that file lives in another app. When a relative import from inside an app's static folder
// finds nothing beside it, the same path under the static root is looked up in every app's
// static folder (`<app>/static/` and `examples/<app>/static/`), the first that has it wins.
// Registered by tests/js/static_folders.mjs (`node --import`, `make jstest`).
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SKIP = new Set(["node_modules", "staticfiles", ".venv", ".git"]);

function staticFolders() {
  const folders = [];
  for (const base of [ROOT, path.join(ROOT, "examples")]) {
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const folder = path.join(base, entry.name, "static");
      if (entry.isDirectory() && !SKIP.has(entry.name) && existsSync(folder)) folders.push(folder);
    }
  }
  return folders;
}

const FOLDERS = staticFolders();

/** The path under the static root of `file`, or null when it is in no app's static folder. */
function underStatic(file) {
  for (const folder of FOLDERS) {
    const rel = path.relative(folder, file);
    if (rel && !rel.startsWith("..") && !path.isAbsolute(rel)) return rel;
  }
  return null;
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith("./") || specifier.startsWith("../");
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !relative || !context.parentURL?.startsWith("file:")) {
      throw error;
    }
    const rel = underStatic(fileURLToPath(new URL(specifier, context.parentURL)));
    const found = rel && FOLDERS.map((folder) => path.join(folder, rel)).find((file) => existsSync(file));
    if (!found) throw error;
    return { url: pathToFileURL(found).href, shortCircuit: true };
  }
}
