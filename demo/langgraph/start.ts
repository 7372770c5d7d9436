/**
 * Starts the LangGraph demo deployment (the in-memory LangGraph API server `langgraphjs dev` runs,
 * here in one process: demo/langgraph/serve.ts) on demo/langgraph's graphs and hands back its URL.
 * Used by `npm start` and by tests.
 *
 * The server writes its state (`.langgraph_api/`) in its working folder, so the launcher writes a
 * copy of demo/langgraph/langgraph.json into a fresh temp folder, with graph paths made relative to
 * it, runs the server there and removes that folder on stop().
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findFreePort } from "../adk/start-agent-server";
import { spawnGroup, waitUntilAnswers } from "../process-group";

export interface StartLangGraphDemoOptions {
  /** The repository root, when this module runs bundled (inside Next) and cannot find it itself. */
  root?: string;
  /** 0 or absent = pick a free port. */
  port?: number;
  /** Every output line of the server (stdout and stderr). */
  onLog?: (line: string) => void;
  /** How long to wait for GET /info; the dev server needs 30–60 s on 2 cores. */
  timeoutMs?: number;
}

export interface LangGraphDemo {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HOST = "127.0.0.1";
const tsxLoader = (root: string) => pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

/** Nothing may leave the machine: no LangSmith tracing, no CLI analytics, no Studio browser tab. */
export const OFFLINE_ENV: Record<string, string> = {
  LANGSMITH_TRACING: "false",
  LANGSMITH_TRACING_V2: "false",
  LANGCHAIN_TRACING: "false",
  LANGCHAIN_TRACING_V2: "false",
  LANGGRAPH_CLI_NO_ANALYTICS: "1",
  BROWSER: "none",
};

/** Writes langgraph.json into `stateDir` with every graph path pointing back at demo/langgraph; answers its graphs. */
async function writeConfig(root: string, stateDir: string): Promise<Record<string, string>> {
  const demoDir = path.join(root, "demo/langgraph");
  const config: unknown = JSON.parse(await readFile(path.join(demoDir, "langgraph.json"), "utf8"));
  if (typeof config !== "object" || config === null || !("graphs" in config))
    throw new Error("demo/langgraph/langgraph.json has no graphs");
  const graphs = Object.fromEntries(
    Object.entries(Object(config.graphs)).map(([id, spec]) => {
      const [file, symbol] = String(spec).split(":");
      // Relative, not absolute: the server's module hooks join the first graph path onto its cwd.
      return [id, `${path.relative(stateDir, path.join(demoDir, file ?? ""))}:${symbol ?? "graph"}`];
    }),
  );
  await writeFile(path.join(stateDir, "langgraph.json"), JSON.stringify({ ...config, graphs }, null, 2));
  return graphs;
}

/** True for the dev server's error-level log lines (winston, coloured: `error:   ▪ …`). */
export function isErrorLine(line: string): boolean {
  return /^error:/.test(line.replace(/\x1b\[[0-9;]*m/g, ""));
}

export async function startLangGraphDemo(opts: StartLangGraphDemoOptions = {}): Promise<LangGraphDemo> {
  const root = opts.root ?? REPO_ROOT;
  const port = opts.port || (await findFreePort(HOST));
  const stateDir = await mkdtemp(path.join(tmpdir(), "loupe-langgraph-"));
  const graphs = await writeConfig(root, stateDir);
  // The server exits once its parent is gone, so a parent killed with SIGKILL still takes it down
  // (see demo/adk/parent-watch.cjs).
  const watch = path.join(root, "demo/adk/parent-watch.cjs");
  const options = JSON.stringify({ root, port, host: HOST, cwd: stateDir, graphs });
  const args = ["--require", watch, "--import", tsxLoader(root), path.join(root, "demo/langgraph/serve.ts"), options];
  const url = `http://${HOST}:${port}`;

  let failed = false;
  // One node process (and tsx's esbuild service) in its own group.
  const group = spawnGroup(args, {
    cwd: stateDir,
    env: { ...process.env, ...OFFLINE_ENV, NODE_ENV: "development", LANGGRAPH_API_URL: url },
    onLine: (line) => void (failed ||= isErrorLine(line)),
    onLog: opts.onLog,
  });
  const stop = async (): Promise<void> => {
    await group.stop();
    await rm(stateDir, { recursive: true, force: true });
  };

  try {
    // A graph that fails to load leaves the CLI up but no server: its first error line fails the start.
    await waitUntilAnswers(`${url}/info`, group, {
      name: "langgraphjs dev",
      timeoutMs: opts.timeoutMs ?? 120_000,
      pollMs: 250,
      failed: () => failed,
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, pid: group.child.pid ?? -1, stop };
}
