#!/usr/bin/env node
// `loupe tap <connection name or id>`: lets a stdio-only MCP client (Claude Desktop's `command`
// entries) reach a Loupe tap. Node built-ins only, so it runs from a packed tarball without
// Loupe's dependencies. stdout is the MCP channel; every word for a human goes to stderr.

import { parseArgs } from "node:util";
import { TapLookupError, defaultDataDir, findTap } from "./tap-bridge.mjs";
import { runBridge } from "./tap-run.mjs";

const USAGE = `Usage:
  loupe tap <connection name or id> [--data-dir <dir>]
  loupe tap --url <tap url> [--key <key>]

Bridges an MCP client's stdio to a Loupe tap (Streamable HTTP), so a client that can only start a
command (Claude Desktop) talks to a server through Loupe, which records and can gate every call.

  <name or id>       the tapped connection's name or id (or an aggregate tap's name or agg_… id),
                     looked up in <data dir>/taps.json, which Loupe writes while a tap is on
  --url <url>        the tap URL as Loupe shows it (http://127.0.0.1:<port>/mcp/<tap id>)
  --key <key>        the tap key (default: LOUPE_TAP_KEY, or the key in taps.json for that URL)
  --data-dir <dir>   Loupe's data folder (default: LOUPE_DATA_DIR, else ~/.loupe)
  -h, --help         this help

Claude Desktop (claude_desktop_config.json), with the npm package loupe-inspector:
  { "mcpServers": { "my-server": { "command": "npx", "args": ["-y", "loupe-inspector", "tap", "my-server"] } } }
or offline, with the absolute path of this file:
  { "mcpServers": { "my-server": { "command": "node", "args": ["/path/to/loupe/bin/loupe.mjs", "tap", "my-server"] } } }
(not npx loupe: the npm package named "loupe" is an unrelated one.)
`;

function die(message, code = 2) {
  process.stderr.write(`loupe: ${message}\n`);
  process.exit(code);
}

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        key: { type: "string" },
        "data-dir": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    die(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [command, wanted, ...extra] = positionals;
  if (command !== "tap") die(`unknown command "${command}".\n\n${USAGE}`);
  if (extra.length) die(`unexpected arguments: ${extra.join(" ")}.\n\n${USAGE}`);
  if (!wanted && !values.url) die(`say which tap: loupe tap <connection name or id>, or --url.\n\n${USAGE}`);

  const dataDir = values["data-dir"] ?? defaultDataDir();
  const lookup = () => {
    if (values.url) {
      const key = values.key ?? process.env.LOUPE_TAP_KEY ?? keyForUrl(dataDir, values.url);
      if (!key) die(`no key for ${values.url}: pass --key or set LOUPE_TAP_KEY (copy it from Loupe's Tap tab).`);
      return { url: values.url, key };
    }
    const tap = findTap(dataDir, wanted);
    return { url: tap.url, key: values.key ?? process.env.LOUPE_TAP_KEY ?? tap.key };
  };
  let target;
  try {
    target = lookup();
  } catch (e) {
    if (e instanceof TapLookupError) die(e.message, 1);
    throw e;
  }
  try {
    new URL(target.url);
  } catch {
    die(`"${target.url}" is not a URL.`);
  }
  process.stderr.write(`loupe: bridging stdio to ${target.url}\n`);
  // A client that closes its end of stdout must not crash the bridge with EPIPE.
  process.stdout.on("error", () => process.exit(0));
  const explicit = Boolean(values.url || values.key || process.env.LOUPE_TAP_KEY);
  // A key the user gave is sent where the user said; a key read from taps.json only to a listener
  // that proves it holds it (taps.json's port may be stale and another program listen there now).
  const fromFile = !values.key && !process.env.LOUPE_TAP_KEY;
  return runBridge({
    ...target,
    input: process.stdin,
    output: process.stdout,
    log: (line) => process.stderr.write(`loupe: ${line}\n`),
    prove: fromFile,
    reload: explicit
      ? undefined
      : () => {
          try {
            return lookup();
          } catch {
            return null;
          }
        },
  });
}

function keyForUrl(dataDir, url) {
  try {
    return findTapByUrl(dataDir, url);
  } catch {
    return undefined;
  }
}

/**
 * The key taps.json holds for this very tap URL, else none: a URL that only ends in a tap's id
 * (another port, another host: a shared config, a typo) must never be handed the key.
 */
function findTapByUrl(dataDir, url) {
  const id = new URL(url).pathname.split("/").filter(Boolean).pop();
  if (!id) return undefined;
  const tap = findTap(dataDir, id);
  return sameTapUrl(url, tap.url) ? tap.key : undefined;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Same scheme, port and path; the host the same, or both loopback names for this machine. */
function sameTapUrl(given, own) {
  const a = new URL(given);
  const b = new URL(own);
  const trim = (p) => p.replace(/\/+$/, "");
  const sameHost = a.hostname === b.hostname || (LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname));
  return a.protocol === b.protocol && a.port === b.port && trim(a.pathname) === trim(b.pathname) && sameHost;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code ?? 0),
  (e) => die(`unexpected failure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, 1),
);
