import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "screenshots/", "bench/results/", "web/public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No type information here: the type-aware rules (no-floating-promises, no-misused-promises)
    // run in oxlint on TypeScript 7's checker (.oxlintrc.json; docs/decisions.md, "Lint and
    // typecheck on TypeScript 7").
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // domain/ is shared by server and browser: no Node built-ins, no React.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react", "react-*", "fastify", "kysely"] }],
    },
  },
);
