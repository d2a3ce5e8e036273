// `node --import ./tests/js/static_folders.mjs --test tests/js/`: lets the unit tests import
// a game's module from its own app's static folder, whose imports of the shell resolve as
// they do in the browser (tests/js/static_finder.mjs says how).
import { register } from "node:module";

register("./static_finder.mjs", import.meta.url);
