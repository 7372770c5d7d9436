import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";

// The connection doctor on an `auto` connection to a server that speaks only 2026-07-28: the
// connection itself works (server/discover), so the doctor must not fail it for refusing the
// initialize handshake that connection never uses.
const data = tempDir("loupe-doctor-eras-");
process.env.LOUPE_DATA_DIR = data.dir;

const FIXTURE = path.join(process.cwd(), "tests/fixtures/modern-only-server.mjs");
const PORT = 7350;
let child: ChildProcess | null = null;

afterAll(async () => {
  await getRegistry().closeAll();
  child?.kill("SIGTERM");
  data.cleanup();
});

const verdicts = (id: string) =>
  getRegistry()
    .view(id)
    .state.diagnosis?.map((d) => `${d.step}:${d.ok}`);

describe("the doctor on an auto connection to a 2026-07-28-only server", () => {
  it("over stdio: connected in 2026-07-28, and the doctor passes", async () => {
    const view = await getRegistry().create(stdioInput("modern only", [FIXTURE]));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("modern");
    const diagnosed = await getRegistry().diagnose(view.id);
    expect(verdicts(view.id)).toEqual(["spawn:true", "initialize:true", "protocol:true"]);
    expect(diagnosed.state.diagnosis?.at(-1)?.detail).toMatch(/server\/discover offers 2026-07-28/);
  });

  it("over Streamable HTTP: connected in 2026-07-28, and the doctor passes", async () => {
    child = spawn(process.execPath, [FIXTURE, "--http", "--port", String(PORT)], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child!.stdout!.once("data", () => resolve()));
    const input = {
      name: "modern only http",
      transport: "http",
      url: `http://127.0.0.1:${PORT}/mcp`,
      headers: {},
      requestTimeoutMs: 10_000,
    } as ConnectionInput;
    const view = await getRegistry().create(input);
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("modern");
    const diagnosed = await getRegistry().diagnose(view.id);
    expect(diagnosed.state.diagnosis?.every((d) => d.ok)).toBe(true);
    expect(diagnosed.state.diagnosis?.at(-1)?.detail).toMatch(/server\/discover offers 2026-07-28/);
  });
});
