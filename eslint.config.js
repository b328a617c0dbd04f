// eslint over the reader (web/) and the worker (worker/): the recommended rules, unused variables and
// imports, and no-unsanitized, which keeps markup out of the page: no innerHTML / outerHTML /
// insertAdjacentHTML / document.write with anything but a literal (web/viewer/dom.js builds text only).
import js from "@eslint/js";
import globals from "globals";
import noUnsanitized from "eslint-plugin-no-unsanitized";

export default [
  js.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    files: ["web/**/*.js", "worker/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["worker/citelens-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
];
