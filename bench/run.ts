/**
 * Loupe benchmark: `npm run bench` (= `tsx bench/run.ts`), optionally `npm run bench -- <name>…`
 * to run only some benches, `-- --json` for machine-readable output.
 *
 * Prints figures (no pass/fail); a ratio with a target (issue 13's speed targets) prints it beside
 * the figure. Each run uses a fresh temp LOUPE_DATA_DIR. `api-call` and `cold-start` start a real
 * Loupe with scripts/start.mjs, which builds first when the build is stale.
 * lib/server modules are loaded through bench/load-server.ts, which registers
 * bench/server-only-hook.mjs so their `import "server-only"` resolves to an empty module.
 *
 * Extension point: add `bench/<name>.ts` exporting a `Bench` ({ name, run(ctx) => Figure[] })
 * and append it to BENCHES below.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Bench, BenchContext, Figure } from "./types";
import { MB } from "./types";
import { toolsListBench } from "./tools-list";
import { largeResultBench } from "./large-result";
import { loadRegistry } from "./load-server";
import { browserRenderBench } from "./browser-render";
import { adkSessionBench } from "./adk-session";
import { samplingRoundtripBench } from "./sampling-roundtrip";
import { resourceReadBench } from "./resource-read";
import { subscriptionUpdatesBench } from "./subscription-updates";
import { erasBench } from "./eras";
import { appPaintBench } from "./app-paint";
import { apiCallBench } from "./api-call";
import { coldStartBench } from "./cold-start";
import { playgroundBench } from "./playground";
import { tapBench } from "./tap";
import { aguiBench } from "./agui";
import { aguiBrowserBench } from "./agui-browser";
import { a2aBench } from "./a2a";
import { bundlesBench, largeBundleBench } from "./bundles";
import { langgraphBench } from "./langgraph";
import { testsBench } from "./tests";
import { instancesStreamBench } from "./instances-stream";
import { answerAcrossBench } from "./answer-across";

const BENCHES: Bench[] = [
  toolsListBench,
  largeResultBench,
  browserRenderBench,
  adkSessionBench,
  samplingRoundtripBench,
  resourceReadBench,
  subscriptionUpdatesBench,
  erasBench,
  appPaintBench,
  apiCallBench,
  coldStartBench,
  playgroundBench,
  tapBench,
  aguiBench,
  aguiBrowserBench,
  a2aBench,
  bundlesBench,
  largeBundleBench,
  langgraphBench,
  testsBench,
  instancesStreamBench,
  answerAcrossBench,
];

function memoryFigures(when: string): Figure[] {
  const { rss, heapUsed } = process.memoryUsage();
  return [
    { label: `RSS ${when}`, value: rss / MB, unit: "MB" },
    { label: `heap used ${when}`, value: heapUsed / MB, unit: "MB" },
  ];
}

function format(f: Figure): string {
  const digits = f.unit === "x" || f.unit === "load" ? 2 : f.unit === "MB" ? 1 : f.unit === "ms" ? (f.value < 10 ? 2 : 0) : 0;
  const value = `${f.value.toFixed(digits)} ${f.unit}`;
  return `  ${f.label.padEnd(58)} ${value.padStart(12)}${f.note ? `   (${f.note})` : ""}`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const json = argv.includes("--json");
  const only = argv.filter((a) => !a.startsWith("--"));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const dataDir = mkdtempSync(path.join(tmpdir(), "loupe-bench-"));
  process.env.LOUPE_DATA_DIR = dataDir;
  const ctx: BenchContext = { root, dataDir, runs: 5 };
  const results: { bench: string; figures: Figure[] }[] = [];
  const print = (bench: string, figures: Figure[]) => {
    results.push({ bench, figures });
    if (!json) console.log(`\n${bench}\n${figures.map(format).join("\n")}`);
  };

  if (!json) console.log(`Loupe bench — node ${process.version}, ${process.platform}/${process.arch}, data dir ${dataDir}`);
  const before = memoryFigures("before");
  try {
    for (const bench of BENCHES) {
      if (only.length && !only.includes(bench.name)) continue;
      print(bench.name, await bench.run(ctx));
    }
    global.gc?.();
    print("memory (this process; servers are child processes)", [...before, ...memoryFigures("after")]);
  } finally {
    await (await loadRegistry(root))?.closeAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (json) console.log(JSON.stringify(results, null, 2));
}

main().then(
  // Child processes and SQLite handles may keep the loop alive; the figures are out, so leave.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
