// Import boundaries (STYLE.md rule 13, issue 20), checked by `npm test` (scripts/boundaries.mjs) instead of
// waiting for a review. Type-only imports count: a type cycle couples modules as much as a value one.
// Protocol folders: mcp, adk, a2a, agui, langgraph. The registries that list every protocol are the only
// shared files allowed to import them (their paths are named in each rule's exceptions).
const PROTOCOLS = "(mcp|adk|a2a|agui|langgraph)";
const TESTS = "(\\.test\\.|\\.spec\\.|^tests/|^e2e/|^bench/|^conformance/|/test-[^/]*$|^lib/testing/)";
const REGISTRIES = {
  // The adapters, and the tables the store creates on open (a leaf list: the store imports it).
  server: "^lib/server/protocols/(registry|tables)\\.ts$",
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-not-to-ui",
      comment: "lib/ is below hooks/ and components/: an arrow up makes pure code depend on React views.",
      severity: "error",
      from: { path: "^lib/", pathNot: TESTS },
      to: { path: "^(hooks|components|app)/" },
    },
    {
      name: "hooks-not-to-components",
      comment: "hooks/ sit below components/: a hook that imports a component runs back up.",
      severity: "error",
      from: { path: "^hooks/", pathNot: TESTS },
      to: { path: "^components/" },
    },
    {
      name: "server-not-to-browser-queries",
      comment: "Server code (routes, lib/server) never imports the browser's react-query layer.",
      severity: "error",
      from: { path: "^(app/api|lib/server)/", pathNot: TESTS },
      to: { path: "^(lib/queries|hooks)/" },
    },
    {
      name: "no-demo-in-production",
      comment: "Production code imports nothing from demo/ except the composition root that starts the demos (instrumentation.ts).",
      severity: "error",
      from: { path: "^(lib|app|components|hooks|bin)/|^server\\.ts$", pathNot: TESTS },
      to: { path: "^demo/" },
    },
    {
      name: "no-protocol-to-protocol-components",
      comment: "components/<p> never imports components/<q> for two protocols: shared pieces live in a shared tier.",
      severity: "error",
      from: { path: `^components/${PROTOCOLS}/`, pathNot: TESTS },
      to: { path: `^components/${PROTOCOLS}/`, pathNot: "^components/$1/" },
    },
    {
      name: "core-not-to-protocols",
      comment: "The shared core under lib/server never imports a protocol folder; the registry is the one place that lists them.",
      severity: "error",
      from: { path: "^lib/server/", pathNot: [`^lib/server/${PROTOCOLS}/`, "^lib/server/playground/", REGISTRIES.server, TESTS] },
      to: { path: `^lib/server/${PROTOCOLS}/` },
    },
    {
      name: "no-circular",
      comment: "No import cycles (type-only imports included), except the schema form's recursion (a field renders its children).",
      severity: "error",
      from: { path: "^(lib|components|hooks|app|demo|bin)/", pathNot: ["^components/elements/schema-form/", TESTS] },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|conformance/node_modules|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
