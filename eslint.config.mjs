// ESLint (issue 11): Next's rules (core web vitals + TypeScript), typescript-eslint, the TanStack
// Query plugin and `consistent-type-imports`. `npm run lint` and `npm test` run it.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tanstackQuery from "@tanstack/eslint-plugin-query";

const config = [
  ...nextVitals,
  ...nextTs,
  ...tanstackQuery.configs["flat/recommended"],
  {
    rules: {
      // `import("x").T` in a type position stays allowed: it is how a .ts file names a type of a
      // module it must not load (server-only code, optional peers).
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Type-aware rules (issue 20): a promise nobody awaits or voids loses its rejection; a cast the
    // compiler already agrees with only hides the next real change of type.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    // React Compiler rules: Loupe does not compile with the React Compiler, and these flag
    // patterns it relies on on purpose (refs read while rendering a live virtualized list,
    // a state reset when the selection changes).
    rules: {
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/globals": "off",
      "react-hooks/use-memo": "off",
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    // Not React: Playwright fixtures call `use`, Vitest suites have helpers named use*.
    files: ["e2e/**", "tests/**", "**/*.test.ts", "**/*.test.tsx", "bench/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "conformance/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "tsconfig.tsbuildinfo",
    ],
  },
];

export default config;
