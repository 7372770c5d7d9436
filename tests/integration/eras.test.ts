import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput, ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { complete, getPrompt, listPrompts, listResources, listResourceTemplates, readResource } from "@/lib/server/mcp/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";
import * as inboxRoute from "@/app/api/inbox/route";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";
import * as pingRoute from "@/app/api/connections/[id]/ping/route";
import * as loggingRoute from "@/app/api/connections/[id]/logging/route";
import * as rootsRoute from "@/app/api/connections/[id]/roots/route";

// Both MCP eras on every connection (issue 13): a 2026-07-28 server (the SDK v2 fixture) and a
// 2025-11-25 one (server-everything), over stdio and Streamable HTTP, with auto and pinned eras.
const data = tempDir("loupe-eras-");
process.env.LOUPE_DATA_DIR = data.dir;

const MODERN = path.join(process.cwd(), "tests/fixtures/modern-server.mjs");
const MODERN_HTTP_PORT = 7141;
const EVERYTHING_HTTP_PORT = 7142;

let modernHttp: ChildProcess | null = null;
let everythingHttp: Awaited<ReturnType<typeof startEverythingHttp>> | null = null;

async function startModernHttp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MODERN, "--http", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr?.resume();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("modern-server did not start")), 15_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`modern-server exited with ${code}`)));
  });
  return child;
}

beforeAll(async () => {
  modernHttp = await startModernHttp(MODERN_HTTP_PORT);
  everythingHttp = await startEverythingHttp("streamableHttp", { port: EVERYTHING_HTTP_PORT });
}, 30_000);

afterAll(async () => {
  await getRegistry().closeAll();
  modernHttp?.kill("SIGTERM");
  await everythingHttp?.stop();
  data.cleanup();
});

function httpInput(name: string, url: string, extra: Partial<ConnectionInput> = {}): ConnectionInput {
  return { name, transport: "http", url, headers: {}, requestTimeoutMs: 20_000, ...extra } as ConnectionInput;
}

function outMethods(id: string): string[] {
  return getRegistry()
    .traffic(id, { limit: 10_000 })
    .filter((e: Entry) => e.kind === "message" && e.direction === "out")
    .map((e) => (e.raw as { method?: string }).method ?? "(response)");
}

async function create(input: ConnectionInput): Promise<ConnectionView> {
  return getRegistry().create(input);
}

describe("auto: a 2026-07-28 server is spoken to in 2026-07-28", () => {
  it("over stdio", async () => {
    const view = await create(stdioInput("modern stdio", [MODERN]));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("modern");
    expect(view.state.era?.version).toBe("2026-07-28");
    expect(view.state.era?.why).toMatch(/server\/discover answered/);
    expect((view.state.era?.discover as { supportedVersions?: string[] }).supportedVersions).toContain("2026-07-28");
    expect(view.state.protocolVersion).toBe("2026-07-28");
    expect(outMethods(view.id)).not.toContain("initialize");
    const record = await getRegistry().callTool(view.id, { name: "echo", arguments: { text: "hi" } });
    expect(record.status).toBe("ok");
    expect(JSON.stringify(record.result)).toContain("hi");
  });

  it("over Streamable HTTP", async () => {
    const view = await create(httpInput("modern http", `http://127.0.0.1:${MODERN_HTTP_PORT}/mcp`));
    expect(view.state.status).toBe("connected");
    expect(view.state.era).toMatchObject({ mode: "modern", version: "2026-07-28" });
    expect(view.state.transportUsed).toBe("streamable-http");
    expect(outMethods(view.id)[0]).toBe("server/discover");
    expect(outMethods(view.id)).not.toContain("initialize");
    const record = await getRegistry().callTool(view.id, { name: "echo", arguments: { text: "over http" } });
    expect(record.status).toBe("ok");
  });
});

describe("auto: a 2025-11-25 server falls back to the initialize handshake", () => {
  it("over stdio (server-everything), saying what server/discover got", async () => {
    const view = await create(stdioInput("everything stdio", [EVERYTHING, "stdio"]));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("legacy");
    expect(view.state.era?.version).toBe("2025-11-25");
    expect(view.state.era?.why).toMatch(/server\/discover/);
    expect(view.state.era?.why).toMatch(/initialize/);
    expect(view.state.era?.discover).toBeUndefined();
    const out = outMethods(view.id);
    expect(out.indexOf("server/discover")).toBeGreaterThanOrEqual(0);
    expect(out.indexOf("initialize")).toBeGreaterThan(out.indexOf("server/discover"));
    const record = await getRegistry().callTool(view.id, { name: "get-sum", arguments: { a: 2, b: 3 } });
    expect(record.status).toBe("ok");
  });

  it("over stdio, a server that exits on server/discover is started again for the handshake", async () => {
    const strict = path.join(process.cwd(), "tests/fixtures/strict-legacy-server.mjs");
    const view = await create(stdioInput("strict legacy", [strict]));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("legacy");
    expect(view.state.era?.why).toMatch(/exited on server\/discover/);
    const fallback = getRegistry()
      .traffic(view.id, { limit: 1000 })
      .filter((e) => e.kind === "era_fallback");
    expect(fallback).toHaveLength(1);
    const record = await getRegistry().callTool(view.id, { name: "hello", arguments: {} });
    expect(record.status).toBe("ok");
  });

  it("over Streamable HTTP (server-everything)", async () => {
    const view = await create(httpInput("everything http", `http://127.0.0.1:${EVERYTHING_HTTP_PORT}/mcp`));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("legacy");
    expect(view.state.era?.why).toMatch(/server\/discover/);
    expect(view.state.transportUsed).toBe("streamable-http");
    const record = await getRegistry().callTool(view.id, { name: "get-sum", arguments: { a: 1, b: 1 } });
    expect(record.status).toBe("ok");
  });
});

describe("a pinned era", () => {
  it("2025-11-25 against the 2026-07-28 server: initialize only, no probe", async () => {
    const view = await create(stdioInput("modern pinned legacy", [MODERN], { protocolEra: "2025-11-25" }));
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.mode).toBe("legacy");
    expect(view.state.era?.why).toMatch(/Pinned to 2025-11-25/);
    expect(outMethods(view.id)).not.toContain("server/discover");
    expect(outMethods(view.id)[0]).toBe("initialize");
  });

  it("2026-07-28 against server-everything: a clear error, no fallback", async () => {
    const view = await create(
      httpInput("everything pinned modern", `http://127.0.0.1:${EVERYTHING_HTTP_PORT}/mcp`, { protocolEra: "2026-07-28" }),
    );
    expect(view.state.status).toBe("error");
    expect(view.state.error?.message).toMatch(/pinned to 2026-07-28/);
    expect(view.state.error?.message).toMatch(/"auto" or "2025-11-25"/);
    expect(outMethods(view.id)).not.toContain("initialize");
    // The doctor checks what the pin needs (server/discover), not the handshake the pin forbids.
    const last = view.state.diagnosis?.at(-1);
    expect(last?.ok).toBe(false);
    expect(last?.detail).toMatch(/server\/discover/);
  });

  it("2026-07-28 against the 2026-07-28 server: the doctor on demand finds server/discover offering it", async () => {
    const view = await create(stdioInput("modern pinned modern", [MODERN], { protocolEra: "2026-07-28" }));
    expect(view.state.era).toMatchObject({ mode: "modern", version: "2026-07-28" });
    expect(view.state.era?.why).toMatch(/Pinned to 2026-07-28/);
    const steps = await getRegistry().connection(view.id).diagnose();
    expect(steps.map((s) => [s.step, s.ok])).toEqual([
      ["spawn", true],
      ["initialize", true],
      ["protocol", true],
    ]);
    expect(steps.at(-1)?.detail).toMatch(/server\/discover offers .*2026-07-28/);
  });
});

const jsonRequest = (method: string, body: unknown) =>
  new Request("http://127.0.0.1:3000/x", { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const routeCtx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

describe("MRTR on a 2026-07-28 connection: the input_required elicitation lands in Loupe's inbox", () => {
  for (const transport of ["stdio", "http"] as const) {
    it(`answered from the inbox, the retried tools/call finishes (${transport})`, async () => {
      const input =
        transport === "stdio"
          ? stdioInput("modern mrtr stdio", [MODERN])
          : httpInput("modern mrtr http", `http://127.0.0.1:${MODERN_HTTP_PORT}/mcp`);
      const view = await create(input);
      expect(view.state.era?.mode).toBe("modern");
      const call = getRegistry().callTool(view.id, { name: "confirm-order", arguments: { item: "tea" } });
      let rowId: string | undefined;
      for (let i = 0; i < 200 && !rowId; i++) {
        const inbox = (await (await inboxRoute.GET()).json()) as {
          source: string;
          id: string;
          connectionId?: string;
          status: string;
          method?: string;
        }[];
        rowId = inbox.find((r) => r.source === "mcp" && r.connectionId === view.id && r.status === "pending")?.id;
        if (!rowId) await new Promise((r) => setTimeout(r, 50));
      }
      expect(rowId).toBeDefined();
      const request = getClientRequests().get(rowId!)!;
      expect(request.kind).toBe("elicitation_form");
      expect(JSON.stringify(request.params)).toContain("Who is the tea for?");
      const answered = await answerRoute.POST(
        jsonRequest("POST", { action: "accept", content: { name: "Ada" } }),
        routeCtx({ id: view.id, requestId: rowId! }),
      );
      expect(answered.status).toBe(200);
      const record = await call;
      expect(record.status).toBe("ok");
      expect(JSON.stringify(record.result)).toContain("Ordered tea for Ada");
      // The answer went back as the retried request: a second tools/call carrying inputResponses.
      const calls = getRegistry()
        .traffic(view.id, { limit: 10_000 })
        .filter((e) => e.kind === "message" && e.direction === "out" && (e.raw as { method?: string }).method === "tools/call");
      expect(calls).toHaveLength(2);
      const retry = (calls[1]!.raw as { params: { inputResponses?: Record<string, { action: string; content: unknown }> } }).params;
      expect(retry.inputResponses?.who).toMatchObject({ action: "accept", content: { name: "Ada" } });
      // No server→client request was ever sent on the modern wire.
      const inbound = getRegistry()
        .traffic(view.id, { limit: 10_000 })
        .filter((e) => e.kind === "message" && e.direction === "in" && (e.raw as { method?: string }).method === "elicitation/create");
      expect(inbound).toHaveLength(0);
    });
  }
});

describe("what 2026-07-28 removed is said plainly", () => {
  it("ping is 409 removed_in_era on a modern connection (the log level goes per request instead of logging/setLevel), and both work on a legacy one", async () => {
    const modern = await create(stdioInput("modern removed", [MODERN]));
    const legacy = await create(stdioInput("legacy kept", [EVERYTHING, "stdio"]));
    const ping = await pingRoute.POST(jsonRequest("POST", {}), routeCtx({ id: modern.id }));
    expect(ping.status).toBe(409);
    const pingError = (await ping.json()).error;
    expect(pingError.code).toBe("conflict:removed_in_era");
    expect(pingError.message).toMatch(/ping does not exist in MCP 2026-07-28/);
    const level = await loggingRoute.POST(jsonRequest("POST", { level: "debug" }), routeCtx({ id: modern.id }));
    // No logging/setLevel in 2026-07-28: the level is kept and sent in each request's _meta (modern-logging.test.ts).
    expect(level.status).toBe(200);
    // Nothing was sent for either: the SDK would have refused them anyway, in other words.
    expect(outMethods(modern.id)).not.toContain("ping");
    expect(outMethods(modern.id)).not.toContain("logging/setLevel");

    const legacyPing = await pingRoute.POST(jsonRequest("POST", {}), routeCtx({ id: legacy.id }));
    expect(legacyPing.status).toBe(200);
    const legacyLevel = await loggingRoute.POST(jsonRequest("POST", { level: "debug" }), routeCtx({ id: legacy.id }));
    expect(legacyLevel.status).toBe(200);
    expect(outMethods(legacy.id)).toEqual(expect.arrayContaining(["ping", "logging/setLevel"]));

    // Saving roots: a legacy session is told with roots/list_changed, a modern one has no such notification.
    const roots = { roots: [{ uri: "file:///tmp/eras", name: "eras" }] };
    expect((await rootsRoute.PUT(jsonRequest("PUT", roots), routeCtx({ id: modern.id }))).status).toBe(200);
    expect((await rootsRoute.PUT(jsonRequest("PUT", roots), routeCtx({ id: legacy.id }))).status).toBe(200);
    expect(outMethods(modern.id)).not.toContain("notifications/roots/list_changed");
    expect(outMethods(legacy.id)).toContain("notifications/roots/list_changed");
  });
});

// The demo server (SDK v2, both eras): progress and cancellation through Loupe in each era.
const DEMO = [`--import`, path.join(process.cwd(), "node_modules/tsx/dist/loader.mjs"), path.join(process.cwd(), "demo/mcp-server.ts")];

describe("progress and cancellation keep working in both eras (the demo server over stdio)", () => {
  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`pinned ${era}: progress arrives, then the user's cancel ends the call`, async () => {
      const view = await create(stdioInput(`demo ${era}`, DEMO, { command: process.execPath, protocolEra: era }));
      expect(view.state.era?.version).toBe(era);
      const callId = `health-${era}`;
      const call = getRegistry().callTool(view.id, { callId, name: "run-health-check", arguments: { steps: 50, stepMs: 100 } });
      const progress = () =>
        getRegistry()
          .traffic(view.id, { limit: 10_000 })
          .filter((e) => e.kind === "message" && (e.raw as { method?: string }).method === "notifications/progress");
      for (let i = 0; i < 200 && progress().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(progress().length).toBeGreaterThanOrEqual(2);
      getRegistry().cancelCall(view.id, callId, "enough");
      const record = await call;
      expect(record.status).toBe("cancelled");
      expect(record.error?.message).toBe("enough");
      // stdio has no per-request stream: the cancel goes out as notifications/cancelled in both eras.
      expect(outMethods(view.id)).toContain("notifications/cancelled");
    });
  }
});

describe("cancellation on 2026-07-28 over Streamable HTTP (the demo server)", () => {
  it("closes the call's own request stream instead of sending notifications/cancelled", async () => {
    const port = 7143;
    const child = spawn(process.execPath, [...DEMO, "--http", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.resume();
    child.stderr?.resume();
    try {
      const deadline = Date.now() + 20_000;
      let view: ConnectionView | null = null;
      while (Date.now() < deadline) {
        const up = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "GET" }).then(
          () => true,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      view = await create(httpInput("demo http modern", `http://127.0.0.1:${port}/mcp`));
      expect(view.state.era).toMatchObject({ mode: "modern", version: "2026-07-28" });
      const call = getRegistry().callTool(view.id, {
        callId: "health-http",
        name: "run-health-check",
        arguments: { steps: 50, stepMs: 100 },
      });
      const progress = () =>
        getRegistry()
          .traffic(view.id, { limit: 10_000 })
          .filter((e) => e.kind === "message" && (e.raw as { method?: string }).method === "notifications/progress");
      for (let i = 0; i < 200 && progress().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(progress().length).toBeGreaterThanOrEqual(2);
      getRegistry().cancelCall(view.id, "health-http", "stop it");
      const record = await call;
      expect(record.status).toBe("cancelled");
      expect(outMethods(view.id)).not.toContain("notifications/cancelled");
      // The connection is still usable afterwards.
      const next = await getRegistry().callTool(view.id, { name: "run-health-check", arguments: { steps: 1, stepMs: 0 } });
      expect(next.status).toBe("ok");
    } finally {
      child.kill("SIGTERM");
    }
  }, 40_000);
});

describe("resources, templates, prompts and completion in both eras (the demo server over stdio)", () => {
  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`pinned ${era}`, async () => {
      const view = await create(stdioInput(`demo lists ${era}`, DEMO, { protocolEra: era }));
      expect(view.state.era?.version).toBe(era);
      const conn = getRegistry().connection(view.id);
      const resources = await listResources(conn);
      expect(resources.resources.length).toBeGreaterThan(0);
      const uri = resources.resources.find((r) => r.uri.endsWith("itinerary.md"))!.uri;
      const read = await readResource(conn, uri);
      expect(JSON.stringify(read.result.contents)).toContain("text/markdown");
      expect((await listResourceTemplates(conn)).resourceTemplates.map((t) => t.uriTemplate)).toContain("demo://bookings/{bookingId}");
      const prompts = await listPrompts(conn);
      expect(prompts.prompts.map((p) => p.name)).toContain("packing-list");
      const prompt = await getPrompt(conn, { name: "packing-list", arguments: { city: "Lisbon" } });
      expect(JSON.stringify(prompt.result.messages)).toContain("Lisbon");
      const done = await complete(conn, { ref: { type: "ref/prompt", name: "packing-list" }, argument: { name: "city", value: "" } });
      expect(done.supported).toBe(true);
      expect(done.values.length).toBeGreaterThan(0);
    });
  }
});
