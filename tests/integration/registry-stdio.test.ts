import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { CRASH_FIXTURE, EVERYTHING, FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-stdio-");
const files = tempDir("loupe-fs-");
let registry: Registry;

function frames(id: string): Entry[] {
  return registry.traffic(id, { limit: 10_000 }).filter((e) => e.kind === "message");
}

function method(entry: Entry): string | undefined {
  return (entry.raw as { method?: string }).method;
}

function progressFor(id: string, token: unknown): Entry[] {
  return frames(id).filter(
    (e) => method(e) === "notifications/progress" && (e.raw as { params: { progressToken: unknown } }).params.progressToken === token,
  );
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(() => {
  registry = new Registry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await registry.closeAll();
  registry.hub.store.close();
  data.cleanup();
  files.cleanup();
});

describe("server-everything over stdio", () => {
  let id = "";

  it("connects, reads the handshake and lists 17 tools (sampling, elicitation and roots declared by default)", async () => {
    const view = await registry.create(stdioInput("everything", [EVERYTHING, "stdio"]));
    id = view.id;
    expect(view.state.status).toBe("connected");
    expect(view.state.transportUsed).toBe("stdio");
    expect(view.state.serverInfo?.name).toBe("mcp-servers/everything");
    expect(view.state.protocolVersion).toBe("2025-11-25");
    expect(view.state.instructions?.length).toBeGreaterThan(100);
    expect(view.state.capabilities).toHaveProperty("tools");
    expect(typeof view.state.pid).toBe("number");
    const listing = await registry.listTools(id);
    expect(listing.tools).toHaveLength(17);
    expect(listing.pages).toBe(1);
    expect(listing.tools.map((t) => t.name)).toContain("get-sum");
    const out = frames(id)
      .filter((e) => e.direction === "out")
      .map(method);
    // The era probe first (server-everything refuses it), then the 2025-11-25 handshake.
    expect(out.slice(0, 4)).toEqual(["server/discover", "initialize", "notifications/initialized", "tools/list"]);
    // server-everything registers tools in oninitialized, announcing each with list_changed.
    await until(() => registry.view(id).state.toolsVersion > 0);
    const statuses = registry
      .traffic(id)
      .filter((e) => e.kind === "status")
      .map((e) => (e.raw as { status: string }).status);
    expect(statuses).toContain("connecting");
    expect(statuses).toContain("connected");
  });

  it("calls get-sum and records the call with its JSON-RPC id", async () => {
    const record = await registry.callTool(id, { name: "get-sum", arguments: { a: 2, b: 3 } });
    expect(record.status).toBe("ok");
    expect(JSON.stringify(record.result)).toContain("5");
    expect(typeof record.requestId).toBe("number");
    const request = frames(id).find((e) => method(e) === "tools/call" && (e.raw as { id: unknown }).id === record.requestId);
    expect((request?.raw as { params: { _meta: { progressToken: unknown } } }).params._meta.progressToken).toBe(record.requestId);
    const callEntries = registry.traffic(id).filter((e) => e.kind === "call" && (e.raw as { id: string }).id === record.id);
    expect(callEntries.map((e) => (e.raw as { status: string }).status)).toEqual(["running", "ok"]);
    expect((callEntries[0]?.raw as { requestId: unknown }).requestId).toBe(record.requestId);
    // The start entry precedes the request frame, so the UI knows the call before its progress.
    expect(callEntries[0]!.seq).toBeLessThan(request!.seq);
    expect(registry.listCalls(id, { tool: "get-sum" }).map((c) => c.id)).toEqual([record.id]);
  });

  it("records progress of a long-running operation", async () => {
    const record = await registry.callTool(id, {
      name: "trigger-long-running-operation",
      arguments: { duration: 2, steps: 4 },
    });
    expect(record.status).toBe("ok");
    expect(record.endedAt! - record.startedAt).toBeGreaterThanOrEqual(1500);
    const progress = progressFor(id, record.requestId).map((e) => (e.raw as { params: { progress: number } }).params.progress);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it("cancels a running call and sends notifications/cancelled", async () => {
    const pending = registry.callTool(id, {
      callId: "cancel-me",
      name: "trigger-long-running-operation",
      arguments: { duration: 10, steps: 10 },
    });
    let requestId: unknown = null;
    await until(() => {
      requestId = registry.listCalls(id, { tool: "trigger-long-running-operation" })[0]?.requestId ?? null;
      return requestId !== null && progressFor(id, requestId).length > 0;
    });
    registry.cancelCall(id, "cancel-me", "user pressed stop");
    const record = await pending;
    expect(record.status).toBe("cancelled");
    expect(record.error?.message).toBe("user pressed stop");
    const cancelled = frames(id).find((e) => method(e) === "notifications/cancelled");
    expect(cancelled?.direction).toBe("out");
    expect(cancelled?.raw).toMatchObject({ params: { requestId, reason: "user pressed stop" } });
    expect(registry.listCalls(id, { limit: 1 })[0]?.status).toBe("cancelled");
    expect(() => registry.cancelCall(id, "cancel-me")).toThrow(/No running call/);
  });

  it("reports an unknown tool as the tool error server-everything returns", async () => {
    // McpServer wraps even "Tool not found" into an isError result (SDK server/mcp.js).
    const record = await registry.callTool(id, { name: "no-such-tool", arguments: {} });
    expect(record.status).toBe("tool_error");
    expect(JSON.stringify(record.result)).toContain("no-such-tool not found");
  });

  it("disconnects and reconnects", async () => {
    expect((await registry.disconnect(id)).state.status).toBe("disconnected");
    await expect(registry.listTools(id)).rejects.toMatchObject({ code: "conflict:not_connected" });
    const view = await registry.connect(id);
    expect(view.state.status).toBe("connected");
    expect((await registry.listTools(id)).tools).toHaveLength(17);
  });
});

describe("server-filesystem", () => {
  it("previews edit_file with two edits as a diff without writing", async () => {
    const file = path.join(files.dir, "notes.txt");
    writeFileSync(file, "alpha\nbeta\ngamma\n");
    const view = await registry.create(stdioInput("fs", [FILESYSTEM, files.dir]));
    expect(view.state.status).toBe("connected");
    const { tools } = await registry.listTools(view.id);
    expect(tools.map((t) => t.name)).toContain("edit_file");
    const record = await registry.callTool(view.id, {
      name: "edit_file",
      arguments: {
        path: file,
        edits: [
          { oldText: "alpha", newText: "ALPHA" },
          { oldText: "gamma", newText: "GAMMA" },
        ],
        dryRun: true,
      },
    });
    expect(record.status).toBe("ok");
    const text = JSON.stringify(record.result);
    expect(text).toContain("-alpha");
    expect(text).toContain("+ALPHA");
    expect(text).toContain("+GAMMA");
    expect(readFileSync(file, "utf8")).toBe("alpha\nbeta\ngamma\n");
  });
});

describe("a server that fails", () => {
  let id = "";

  it("records stderr and maps a JSON-RPC error to rpc_error", async () => {
    const view = await registry.create(stdioInput("crashy", [CRASH_FIXTURE]));
    id = view.id;
    expect(view.state.status).toBe("connected");
    await until(() => registry.traffic(id).some((e) => e.kind === "stderr"));
    const stderr = registry.traffic(id).find((e) => e.kind === "stderr");
    expect(stderr?.raw).toEqual({ line: "crash-fixture ready" });
    const listing = await registry.listTools(id);
    expect(listing.pages).toBe(2);
    expect(listing.tools.map((t) => t.name)).toEqual(["crash", "hang", "echo"]);
    const record = await registry.callTool(id, { name: "nope", arguments: {} });
    expect(record.status).toBe("rpc_error");
    expect(record.error?.details).toEqual({ code: -32602, data: { name: "nope" } });
    expect(record.error?.message).toContain("Unknown tool: nope");
  });

  it("times out a call that never answers", async () => {
    const record = await registry.callTool(id, { name: "hang", arguments: {}, timeoutMs: 300 });
    expect(record.status).toBe("timeout");
    expect(record.error?.message).toBe("No response from the server within 300 ms");
  });

  it("fails a call whose server exits, shows the error, and reconnects", async () => {
    const record = await registry.callTool(id, { name: "crash", arguments: {} });
    expect(record.status).toBe("failed");
    expect(record.error?.message).toBe("The server process exited with code 3 during the call");
    expect(record.error?.details).toMatchObject({ stderrTail: expect.arrayContaining(["fatal: crash tool called, exiting"]) });
    await until(() => registry.view(id).state.status === "error");
    expect(registry.view(id).state.error).toEqual({ message: "The server process exited with code 3", step: "closed" });
    const again = await registry.connect(id);
    expect(again.state.status).toBe("connected");
    const echo = await registry.callTool(id, { name: "echo", arguments: { text: "still here" } });
    expect(echo.status).toBe("ok");
  });

  it("shows a spawn failure as a connection error", async () => {
    const view = await registry.create(stdioInput("missing", [], { command: "/nonexistent/loupe-server" }));
    expect(view.state.status).toBe("error");
    expect(view.state.error?.step).toBe("spawn");
    expect(view.state.error?.message).toContain("ENOENT");
  });
});

describe("persistence", () => {
  it("keeps saved servers, calls and traffic across a restart", () => {
    const before = registry
      .list()
      .map((c) => c.id)
      .sort();
    const reopened = new Registry(new Hub(openStore(data.dir)));
    expect(
      reopened
        .list()
        .map((c) => c.id)
        .sort(),
    ).toEqual(before);
    expect(reopened.list().every((c) => c.state.status === "idle")).toBe(true);
    const everything = reopened.list().find((c) => c.name === "everything")!;
    expect(reopened.listCalls(everything.id, { tool: "get-sum" })).toHaveLength(1);
    expect(reopened.traffic(everything.id).length).toBeGreaterThan(10);
    reopened.hub.store.close();
  });
});
