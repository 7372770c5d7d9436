// Compiles some of the demo's TypeScript entry points to plain ESM once, so a demo server runs on
// plain `node`: no esbuild service and no TypeScript loader at run time, and nothing written to the
// system temp folder (ADK's agent loader bundles each agent.ts into a fresh `adk_agent_loader-*`
// there on every start and never removes it when stopped by a signal). Called by demo/prebuilt.ts
// in a short-lived child (so esbuild's service lives only as long as the build):
//
//   node scripts/build-demo.mjs '{"root":…,"base":…,"entries":{"<out path, no ext>":"<source>"}}'
//
// Writes <base>/<build id>/<out path>.mjs, then <base>/current.json = { dir, entries, inputs }
// (atomically: written aside, then renamed), which demo/prebuilt.ts reads to decide freshness.
// Builds other than the current one are removed once an hour old (a server may still load from one).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const STALE_BUILD_MS = 60 * 60 * 1000;

const spec = JSON.parse(process.argv[2] ?? "{}");
const { root, base, entries } = spec;
if (typeof root !== "string" || typeof base !== "string" || typeof entries !== "object" || entries === null) {
  console.error('usage: node scripts/build-demo.mjs \'{"root":…,"base":…,"entries":{…}}\'');
  process.exit(2);
}

/**
 * Each source keeps its own `import.meta.url` (its file under the repository, as when run from
 * source): a demo that reads files beside its source (the demo MCP App's page) finds them from the
 * prebuilt copy as well.
 */
const sourceUrls = {
  name: "loupe-source-import-meta-url",
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.split(path.sep).includes("node_modules")) return undefined;
      const text = readFileSync(args.path, "utf8");
      return {
        contents: text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
      };
    });
  },
};

const id = `build-${Date.now().toString(36)}-${process.pid}`;
const dir = path.join(base, id);
mkdirSync(dir, { recursive: true });
const { build } = await import(pathToFileURL(path.join(root, "node_modules/esbuild/lib/main.js")).href);
const result = await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: dir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: path.join(root, "tsconfig.json"),
  // Packages load from node_modules as they are: one @google/adk for the server and its agents.
  packages: "external",
  plugins: [sourceUrls],
  metafile: true,
  logLevel: "error",
});
const inputs = Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f));
const manifest = path.join(base, `current.${process.pid}.json`);
writeFileSync(manifest, JSON.stringify({ dir, entries, inputs }));
renameSync(manifest, path.join(base, "current.json"));

for (const name of readdirSync(base)) {
  const other = path.join(base, name);
  if (!name.startsWith("build-") || other === dir) continue;
  try {
    if (Date.now() - statSync(other).mtimeMs > STALE_BUILD_MS) rmSync(other, { recursive: true, force: true });
  } catch {
    // removed by a concurrent build
  }
}
