/**
 * Starts `adk api_server` (from @google/adk-devtools) on the demo agents dir and hands back its URL.
 * Used by `npm start` and by tests. The agents run prebuilt (demo/prebuilt.ts: compiled once to
 * plain ESM, `--compile false --bundle false`): api_server's own loader would bundle every agent.ts
 * with an esbuild service kept running beside it (~700 MiB after a run) into an
 * `adk_agent_loader-*` folder of the system temp dir that a signal leaves behind. The server is
 * spawned in its own process group all the same, so a stop takes whatever it started.
 */
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prebuiltAgents } from "../prebuilt";
import { spawnGroup, waitUntilAnswers } from "../process-group";

export interface StartAgentServerOptions {
  /** 0 or absent = pick a free port. */
  port?: number;
  host?: string;
  /** Defaults to demo/agents (loupe_demo, workflow_demo, compaction_demo). */
  agentsDir?: string;
  /** Passed to `--allow_origins` (one origin or "*"), for a browser on another origin. */
  allowOrigins?: string;
  /** Also serve every app over A2A (`--a2a`, ADK's own A2A support) at /a2a/<app>; see adk-a2a.ts. */
  a2a?: boolean;
  /** Call /list-apps before resolving, so the agents are loaded before the first run. */
  preload?: boolean;
  /** How long to wait for /health. */
  timeoutMs?: number;
  /** Every output line of the server (stdout and stderr). */
  onLog?: (line: string) => void;
  env?: Record<string, string | undefined>;
  /** The repository root, when this module runs bundled (inside Next) and cannot find it itself. */
  repoRoot?: string;
}

export interface AgentServer {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEMO_AGENTS_DIR = path.join(REPO_ROOT, "demo/agents");
/** Env overlay that keeps the agents on the offline scripted model even if GOOGLE_API_KEY is set. */
export const SCRIPTED_ONLY: Record<string, string> = { GOOGLE_API_KEY: "" };
const cliPath = (root: string) => path.join(root, "node_modules/@google/adk-devtools/dist/esm/cli_entrypoint.js");

export function findFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

export async function startAgentServer(options: StartAgentServerOptions = {}): Promise<AgentServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port || (await findFreePort(host));
  const root = options.repoRoot ?? REPO_ROOT;
  const agentsDir = await prebuiltAgents(root, options.agentsDir ?? path.join(root, "demo/agents"));
  const watch = path.join(root, "demo/adk/parent-watch.cjs");
  // api_server checks neither Host nor Origin: host-gate.cjs refuses foreign ones, as Loupe does.
  const hostGate = path.join(root, "demo/adk/host-gate.cjs");
  const args = ["--require", watch, "--require", hostGate, cliPath(root), "api_server", agentsDir, "--host", host, "--port", String(port)];
  args.push("--compile", "false", "--bundle", "false");
  if (options.allowOrigins) args.push("--allow_origins", options.allowOrigins);
  if (options.a2a) args.push("--a2a");
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(host);
  const gateEnv = { LOUPE_ADK_ALLOW_ORIGINS: options.allowOrigins ?? "", LOUPE_ADK_EXTRA_HOSTS: loopback ? "" : host };

  const group = spawnGroup(args, { cwd: root, env: { ...process.env, ...options.env, ...gateEnv }, onLog: options.onLog });
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const stop = group.stop;

  try {
    await waitUntilAnswers(`${url}/health`, group, { name: "adk api_server", timeoutMs: options.timeoutMs ?? 30_000 });
    if (options.preload) {
      const res = await fetch(`${url}/list-apps`);
      if (!res.ok) throw new Error(`/list-apps answered ${res.status}`);
      await res.arrayBuffer();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, pid: group.child.pid ?? -1, stop };
}
