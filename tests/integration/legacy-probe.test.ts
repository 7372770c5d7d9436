import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";

// Real 2025-11-25-only servers meet the 2026-07-28 server/discover probe in every way they can:
// each ends up connected in the legacy era, with `why` saying what the probe got, in good time.
const data = tempDir("loupe-legacy-probe-");
process.env.LOUPE_DATA_DIR = data.dir;

const FIXTURE = path.join(process.cwd(), "tests/fixtures/legacy-probe-server.mjs");
const children: ChildProcess[] = [];

afterAll(async () => {
  await getRegistry().closeAll();
  for (const child of children) child.kill("SIGTERM");
  data.cleanup();
});

async function startHttp(mode: string, port: number): Promise<string> {
  const child = spawn(process.execPath, [FIXTURE, "--http", "--port", String(port), "--discover", mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("legacy-probe server did not start")), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return `http://127.0.0.1:${port}/mcp`;
}

function httpInput(name: string, url: string, requestTimeoutMs = 20_000): ConnectionInput {
  return { name, transport: "http", url, headers: {}, requestTimeoutMs };
}

async function expectLegacy(input: ConnectionInput, why: RegExp, withinMs: number): Promise<string> {
  const started = Date.now();
  const view = await getRegistry().create(input);
  const took = Date.now() - started;
  expect(view.state.error?.message).toBeUndefined();
  expect(view.state.status).toBe("connected");
  expect(view.state.era?.mode).toBe("legacy");
  expect(view.state.era?.version).toBe("2025-11-25");
  expect(view.state.era?.why).toMatch(why);
  expect(took).toBeLessThan(withinMs);
  const record = await getRegistry().callTool(view.id, { name: "hello", arguments: {} });
  expect(record.status).toBe("ok");
  return view.id;
}

describe("stdio legacy servers and server/discover", () => {
  it("answers -32601", async () => {
    await expectLegacy(stdioInput("err", [FIXTURE, "--discover", "error"]), /refused \(JSON-RPC -32601/, 10_000);
  });

  it("ignores it silently: legacy after the stdio probe timeout, not the request timeout", async () => {
    await expectLegacy(stdioInput("ignore", [FIXTURE, "--discover", "ignore"], { requestTimeoutMs: 60_000 }), /no answer/, 20_000);
  }, 30_000);

  it("exits on it: started again", async () => {
    await expectLegacy(stdioInput("exit", [FIXTURE, "--discover", "exit"]), /exited on server\/discover/, 10_000);
  });

  it("prints junk to stdout first", async () => {
    await expectLegacy(stdioInput("junk", [FIXTURE, "--discover", "junk"]), /refused \(JSON-RPC -32601/, 10_000);
  });
});

describe("Streamable HTTP legacy servers and the discover POST", () => {
  for (const [mode, port] of [
    ["400", 7341],
    ["404", 7342],
    ["405", 7343],
    ["html", 7344],
  ] as const) {
    it(`answered with ${mode}`, async () => {
      const url = await startHttp(mode, port);
      const status = mode === "html" ? "404" : mode;
      const id = await expectLegacy(
        httpInput(`http ${mode}`, url),
        new RegExp(`server/discover was refused at the HTTP level.*${status}`),
        10_000,
      );
      expect(getRegistry().get(id)?.state.transportUsed).toBe("streamable-http");
      // An HTML error page is said in words, not shown as markup.
      expect(getRegistry().get(id)?.state.era?.why).not.toMatch(/</);
    });
  }

  it("answered with 500 (a server that crashes on a method it does not know): falls back to the handshake", async () => {
    const url = await startHttp("500", 7347);
    const id = await expectLegacy(httpInput("http 500", url), /HTTP 5xx/, 10_000);
    expect(
      getRegistry()
        .traffic(id, { limit: 1000 })
        .filter((e) => e.kind === "era_fallback"),
    ).toHaveLength(1);
  });

  it("a server that is down (503 to everything): an HTTP-step error with its body, not that the connection is pinned", async () => {
    const url = await startHttp("down", 7349);
    const view = await getRegistry().create(httpInput("http down", url));
    expect(view.state.status).toBe("error");
    expect(view.state.error?.step).toBe("http");
    expect(view.state.error?.message).toMatch(/down for maintenance/);
    expect(view.state.error?.message).not.toMatch(/pinned/);
  });

  it("never answered: falls back to the handshake after a bounded probe instead of failing", async () => {
    const url = await startHttp("hang", 7345);
    await expectLegacy(httpInput("http hang", url, 60_000), /no answer/, 25_000);
  }, 40_000);
});

describe("legacy SSE transport (server-everything sse)", () => {
  it("transport sse, and transport http falling back to SSE: legacy era, saying what server/discover got", async () => {
    const sse = await startEverythingHttp("sse", { port: 7346 });
    try {
      for (const transport of ["sse", "http"] as const) {
        const view = await getRegistry().create({
          name: `everything ${transport}`,
          transport,
          url: `http://127.0.0.1:7346/sse`,
          headers: {},
          requestTimeoutMs: 20_000,
        });
        expect(view.state.status).toBe("connected");
        expect(view.state.transportUsed).toBe("sse");
        expect(view.state.era?.mode).toBe("legacy");
        expect(view.state.era?.why).toMatch(/server\/discover/);
        const sum = await getRegistry().callTool(view.id, { name: "get-sum", arguments: { a: 2, b: 3 } });
        expect(sum.status).toBe("ok");
      }
    } finally {
      await getRegistry().closeAll();
      await sse.stop();
    }
  }, 40_000);
});
