// Race to 21 registers its renderer with the board shell (the declaration's `renderer`).
import { registerRenderer } from "../shell/registry.js";
import { createRace21 } from "./renderer.js";

registerRenderer("race21", createRace21);
