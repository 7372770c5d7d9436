// `npm run pack:dist`: the npm package `loupe-inspector` (issue 22) from the production build, so
// `npx loupe-inspector` starts Loupe with no build step. It lays out dist/loupe-inspector/ and runs
// `npm pack` there, leaving dist/loupe-inspector-<version>.tgz:
//
//   bin/loupe-inspector.mjs   the bin: `tap …` → the stdio bridge (bin/loupe.mjs), anything else → the app
//   app/                      .next/standalone's app (server files, only the traced node_modules),
//                             .next/static and public beside it, the launcher (server.ts compiled with
//                             esbuild, `next` left outside), the headless CLI (lib/cli/main.ts →
//                             loupe-cli.mjs) and the demo children prebuilt to plain .mjs
//
// npm installs two dependencies: better-sqlite3, native, so it builds (or fetches its prebuilt binary)
// for the machine that installs it, and pg, which the PostgreSQL store loads by path. The demos with
// heavy dependencies (ADK's api_server, LangGraph's dev server) are not shipped: boot offers them
// instead (lib/server/demo-offers.ts).
//
// Flags: --no-tarball (lay out the folder only); --allow-stale (pack a build older than the sources,
// with a warning). Needs a build (`npm start` or `next build`) first.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rebuildReason } from "./build-fingerprint.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const NAME = "loupe-inspector";
/** Packages npm installs for the machine at hand instead of the copies the trace made here. */
const NATIVE = ["better-sqlite3"];
/**
 * Installed by npm with the package too: node-postgres (the PostgreSQL store, LOUPE_DATABASE_URL) is
 * loaded by path in a worker thread (lib/server/sql/pg-sync.ts), which the build's trace cannot see.
 */
const INSTALLED = [...NATIVE, "pg"];
/**
 * Traced but left out: sharp's binaries are this machine's platform only, and Loupe's images are
 * data: URLs, which next/image never optimizes.
 */
const DROPPED = ["sharp", "@img"];
/**
 * The demo peers' children that run as processes of their own (demo/entry.ts finds them). The demo
 * A2A and AG-UI agents run inside Loupe's process (demo/peers.ts): they come with the server bundle.
 */
const DEMO_ENTRIES = ["demo/mcp-server"];
const DEMO_FILES = ["demo/adk/parent-watch.cjs"];
const BIN_FILES = ["bin/loupe-inspector.mjs", "bin/headless.mjs", "bin/loupe.mjs", "bin/tap-bridge.mjs", "bin/tap-run.mjs"];

function fail(message) {
  console.error(`pack: ${message}`);
  process.exit(1);
}

const stale = rebuildReason(root);
if (stale && args.includes("--allow-stale")) console.warn(`pack: warning: packing a build that is not up to date (${stale}).`);
else if (stale) fail(`the production build is not up to date (${stale}): run \`npm start\` once, or \`npx next build\`, then pack again.`);
const standalone = path.join(root, ".next", "standalone");
const required = path.join(root, ".next", "required-server-files.json");
if (!existsSync(standalone) || !existsSync(required))
  fail('the build has no .next/standalone: next.config.mjs must say output: "standalone".');

const repoPkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const out = path.join(root, "dist", NAME);
const app = path.join(out, "app");
rmSync(out, { recursive: true, force: true });
mkdirSync(app, { recursive: true });

// The standalone tree mirrors the tracing root (next.config.mjs): the app sits at the checkout's
// place in it, its node_modules at their real place (elsewhere when node_modules is a link).
const { config } = JSON.parse(readFileSync(required, "utf8"));
const tracingRoot = config.outputFileTracingRoot ?? root;
const appIn = path.join(standalone, path.relative(tracingRoot, root));
const modulesIn = path.join(standalone, path.relative(tracingRoot, realpathSync(path.join(root, "node_modules"))));
cpSync(path.join(appIn, ".next"), path.join(app, ".next"), { recursive: true });
cpSync(modulesIn, path.join(app, "node_modules"), { recursive: true, dereference: true });
for (const name of [...INSTALLED, ...DROPPED]) rmSync(path.join(app, "node_modules", name), { recursive: true, force: true });
resolveExternalAliases(path.join(appIn, ".next", "node_modules"), path.join(app, ".next", "node_modules"));
// Standalone leaves these to a CDN; Loupe serves them itself.
cpSync(path.join(root, ".next", "static"), path.join(app, ".next", "static"), { recursive: true });
if (existsSync(path.join(root, "public"))) cpSync(path.join(root, "public"), path.join(app, "public"), { recursive: true });

const { build } = await import(pathToFileURL(path.join(root, "node_modules/esbuild/lib/main.js")).href);
const bundle = (entry, outfile, external, extra = {}) =>
  build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    external,
    // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
    banner: { js: 'import { createRequire as __loupeRequire } from "node:module"; const require = __loupeRequire(import.meta.url);' },
    logLevel: "error",
    ...extra,
  });
// The launcher: Next stays the one copy in app/node_modules that the app's bundles talk to.
await bundle("server.ts", path.join(app, "loupe-launcher.mjs"), ["next", "next/*"]);
// The headless CLI (`loupe-inspector test|snapshot|diff|call|list`, lib/cli/): plain JS, no Next. The
// `react-server` condition as bin/headless.mjs runs it (the test engine's `server-only` modules);
// better-sqlite3 is the package's installed dependency.
await bundle("lib/cli/main.ts", path.join(app, "loupe-cli.mjs"), [...NATIVE], { conditions: ["react-server"] });
for (const entry of DEMO_ENTRIES) await bundle(`${entry}.ts`, path.join(app, `${entry}.mjs`), []);
for (const file of DEMO_FILES) cpSync(path.join(root, file), path.join(app, file));
// The demo MCP App's page is compiled at run time (esbuild, ext-apps' files): made here once, read
// beside the prebuilt demo server (demo/mcp/apps/itinerary-html.ts).
{
  const page = spawnSync(
    process.execPath,
    [
      "--import",
      pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href,
      "--input-type=module",
      "-e",
      'import { itineraryHtml, PREBUILT_HTML } from "./demo/mcp/apps/itinerary-html.ts"; import { writeFileSync } from "node:fs"; writeFileSync(`${process.argv[1]}/${PREBUILT_HTML}`, itineraryHtml());',
      path.join(app, "demo"),
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (page.status !== 0) fail(`the demo MCP App's page could not be made:\n${page.stderr}`);
}
for (const file of BIN_FILES) cpSync(path.join(root, file), path.join(out, file));
// The Conformance tab's Install runs `npm ci` on the suite's manifest and lock, which it reads from
// <app>/conformance (lib/server/mcp/conformance/suite-install.ts): the suite itself is not shipped.
for (const file of ["conformance/package.json", "conformance/package-lock.json"]) cpSync(path.join(root, file), path.join(app, file));

const installedVersions = Object.fromEntries(INSTALLED.map((name) => [name, repoPkg.dependencies[name]]));
const pkg = {
  name: NAME,
  version: repoPkg.version,
  description: repoPkg.description,
  type: "module",
  bin: { [NAME]: "bin/loupe-inspector.mjs" },
  files: ["bin", "app"],
  engines: repoPkg.engines,
  dependencies: installedVersions,
  keywords: ["mcp", "inspector", "agents", "adk", "a2a", "ag-ui", "langgraph"],
};
writeFileSync(path.join(out, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(
  path.join(out, "README.md"),
  `# loupe-inspector

Loupe, a browser inspector for AI agents and MCP servers, prebuilt.

    npx loupe-inspector                       # Loupe with its demo servers, opens the browser
    npx loupe-inspector --mcp "node server.js" --no-demo
    npx loupe-inspector --help                # every option
    npx -y loupe-inspector tap <name>         # bridge a stdio MCP client to a Loupe tap
    npx loupe-inspector list "npx -y @modelcontextprotocol/server-everything"
    npx loupe-inspector snapshot <server> -o surface.json
    npx loupe-inspector diff surface.json <server>   # exit 1 on a breaking change (CI)
    npx loupe-inspector call <server> <tool> --args '{"a":1}'

The demo ADK agent and the demo LangGraph deployment need packages this package does not ship:
run Loupe from its repository (\`npm install && npm start\`) for those.
`,
);

if (!args.includes("--no-tarball")) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["pack", "--pack-destination", path.dirname(out)], { cwd: out, encoding: "utf8" });
  if (r.status !== 0) fail(`npm pack failed:\n${r.stderr}`);
  const tarball = path.join(path.dirname(out), r.stdout.trim().split("\n").pop());
  console.log(tarball);
} else console.log(out);

/**
 * Turbopack requires each `serverExternalPackages` entry under a hashed alias
 * (`.next/node_modules/better-sqlite3-<hash>`), a symbolic link into the standalone node_modules; npm
 * pack keeps no links. A native package (installed by npm as the package's dependency) gets a shim
 * that requires it by its own name; any other is copied whole under its alias. Webpack builds have
 * no such folder.
 */
function resolveExternalAliases(fromDir, toDir) {
  if (!existsSync(fromDir)) return;
  for (const name of readdirSync(fromDir)) {
    const from = path.join(fromDir, name);
    const to = path.join(toDir, name);
    if (!lstatSync(from).isSymbolicLink()) {
      if (lstatSync(from).isDirectory() && name.startsWith("@")) resolveExternalAliases(from, to);
      continue;
    }
    rmSync(to, { recursive: true, force: true });
    const real = realpathSync(from);
    const pkgName = JSON.parse(readFileSync(path.join(real, "package.json"), "utf8")).name;
    mkdirSync(to, { recursive: true });
    if (NATIVE.includes(pkgName)) {
      const alias = path
        .relative(path.join(app, ".next", "node_modules"), to)
        .split(path.sep)
        .join("/");
      writeFileSync(path.join(to, "package.json"), JSON.stringify({ name: alias, main: "index.js" }));
      writeFileSync(path.join(to, "index.js"), `module.exports = require(${JSON.stringify(pkgName)});\n`);
    } else cpSync(real, to, { recursive: true, dereference: true });
  }
}
