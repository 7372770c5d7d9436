import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";

const HERE = path.dirname(fileURLToPath(import.meta.url));

let cached: string | undefined;

/** The page as the npm package ships it, beside the prebuilt demo server (scripts/pack.mjs). */
export const PREBUILT_HTML = "itinerary-app.html";

/**
 * The ext-apps App side (`app-with-deps`: the SDK with its dependencies, one ES module) as a
 * classic script defining `McpApps`: the View is one self-contained HTML document, nothing is
 * fetched (the sandbox allows no network unless the resource declares it).
 */
function appSdkScript(): string {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve("@modelcontextprotocol/ext-apps/app-with-deps")), "app-with-deps.js");
  const esm = readFileSync(file, "utf8");
  return transformSync(esm, { format: "iife", globalName: "McpApps", minify: true, target: "es2022" }).code;
}

/** `</script` inside inlined code would end the script element early. */
const inline = (code: string) => code.replace(/<\/script/gi, "<\\/script");

const STYLE = `
:root { color-scheme: light dark; --bg: var(--color-background-primary, #fff); --fg: var(--color-text-primary, #1c1d22);
  --muted: var(--color-text-secondary, #667); --line: var(--color-border-primary, #dde); --soft: var(--color-background-secondary, #f4f5f8); }
html, body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.45 var(--font-sans, system-ui, sans-serif); }
main { padding: 12px 14px; display: flex; flex-direction: column; gap: 8px; }
h1 { font-size: 16px; margin: 0; } .muted { color: var(--muted); font-size: 12px; }
#trip-id { font-family: ui-monospace, monospace; font-size: 12px; padding: 1px 6px; border-radius: 999px; background: var(--soft); }
#trip-id:empty { display: none; }
ol { list-style: none; margin: 0; padding: 0; border-left: 2px solid var(--line); }
.leg { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 6px 0 6px 12px; position: relative; }
.leg::before { content: ""; position: absolute; left: -6px; top: 13px; width: 10px; height: 10px; border-radius: 50%; background: var(--fg); }
.mode { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
.route { font-weight: 600; } .date, .forecast { color: var(--muted); font-size: 12px; }
button { font: inherit; border: 1px solid var(--line); background: var(--soft); color: var(--fg); border-radius: 6px; padding: 4px 10px; cursor: pointer; }
button.small { padding: 1px 8px; font-size: 12px; } button:disabled { opacity: .6; }
#status[data-kind="error"] { color: #c0392b; } #status[data-kind="ok"] { color: var(--fg); }
.row { display: flex; flex-wrap: wrap; gap: 6px; }`;

const BODY = `<main>
  <div class="row" style="align-items:center;justify-content:space-between">
    <h1 id="title">Waiting for the trip…</h1><span id="trip-id"></span>
  </div>
  <div id="traveler" class="muted"></div>
  <ol id="legs" aria-label="Legs"></ol>
  <p id="status" class="muted">The itinerary appears when the host sends the tool input.</p>
  <div id="actions" class="row" hidden>
    <button type="button" id="replan">Plan again</button>
    <button type="button" id="ask">Ask for a hotel</button>
    <button type="button" id="fullscreen">Full screen</button>
  </div>
</main>`;

/** The whole View of plan-trip: markup, style, the SDK and the View's own script, inline. */
export function itineraryHtml(): string {
  // The npm package has neither esbuild nor ext-apps' files: scripts/pack.mjs writes the page beside the demo server.
  const prebuilt = path.join(HERE, PREBUILT_HTML);
  if (cached === undefined && existsSync(prebuilt)) cached = readFileSync(prebuilt, "utf8");
  cached ??= `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Trip itinerary</title><style>${STYLE}</style></head>
<body>${BODY}
<script>${inline(appSdkScript())}</script>
<script>${inline(readFileSync(path.join(HERE, "itinerary-view.js"), "utf8"))}</script>
</body></html>`;
  return cached;
}
