// ESLint for the site's browser JavaScript (plain ES modules, no build step) and the node
// unit tests of it (tests/js). `make test` runs it before pytest.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "staticfiles/", "**/*.egg-info/", "build/", "dist/"] },
  js.configs.recommended,
  {
    rules: {
      // `catch (err) { … }` that ignores the error is the house way of saying "nothing to do"
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", varsIgnorePattern: "^_" }],
    },
  },
  {
    // every app's static folder (a new game's app is covered by existing)
    files: ["*/static/**/*.js", "examples/*/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // the Awoken admin's classic script (not a module); later entries win
    files: ["ancients_ai/static/ancients_ai/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["benchmarks/peer/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    files: ["tests/js/**/*.js", "tests/js/**/*.mjs", "examples/*/tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
