import { spawn } from "node:child_process";
import { demoServerLaunch } from "../demo/mcp/launch";

/** The demo MCP server over Streamable HTTP, started for a bench and stopped after it. */
export interface DemoHttp {
  url: string;
  stop(): Promise<void>;
}

/** Starts it on 127.0.0.1:`port`; resolves with its /mcp URL (the child's first stdout line). */
export async function startDemoHttp(root: string, port: number): Promise<DemoHttp> {
  const launch = demoServerLaunch({ httpPort: port, repoRoot: root });
  const child = spawn(launch.command, launch.args, {
    cwd: root,
    env: { ...process.env, ...launch.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the demo server exited with code ${code} before it listened:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, stop };
}
