import { describe, expect, it } from "vitest";
import { connectionFixture } from "@/components/mcp/workbench/test-support";
import { EVERYTHING_SERVER_NAME, clientHints } from "@/lib/protocols/mcp/client-hints";

describe("clientHints", () => {
  it("adds server-everything's notes only for a server that introduces itself as server-everything", () => {
    const everything = connectionFixture({}, { serverInfo: { name: EVERYTHING_SERVER_NAME, version: "2.0.0" } });
    const other = connectionFixture({}, { serverInfo: { name: "everything-else", version: "1.0.0" } });
    const of = (connection: typeof everything) => clientHints({ connection, requests: [], rootsAsked: 0, toolCount: 5 });
    expect(of(everything).everything?.capability.sampling).toBe("adds trigger-sampling-request");
    expect(
      of(everything).everything?.toolCount({ sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, tasks: false }),
    ).toBe(17);
    expect(of(other).everything).toBeNull();
    expect(of(other).server).toBe("everything-else 1.0.0");
  });

  it("says what it does not know yet, and nothing about tools before the server is connected", () => {
    const connecting = connectionFixture({}, { status: "connecting", capabilities: { tasks: {} } });
    const hints = clientHints({ connection: connecting, requests: null, rootsAsked: null, toolCount: 3 });
    expect(hints.server).toBeNull();
    expect(hints.capability.sampling).toBe("Loupe has not read yet whether this server asked for sampling.");
    expect(hints.capability.tasks).toBe("This server declares tasks of its own; it has not sent a request as a task so far.");
    expect(hints.tools).toBeNull();
  });

  it("a server that declares the Tasks extension is not said to declare no tasks", () => {
    // Before: "declares no tasks capability" beside an Overview listing the extension.
    const modern = connectionFixture({}, { capabilities: { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } } });
    expect(clientHints({ connection: modern, requests: [], rootsAsked: 0, toolCount: 3 }).capability.tasks).toBe(
      "This server declares the Tasks extension (io.modelcontextprotocol/tasks): it may answer any tool call with a task; it has not sent a request as a task so far.",
    );
  });

  it("says the tools follow what Loupe declares with each request on 2026-07-28 (no session to declare them in)", () => {
    // Before: "…with what Loupe declares in this session" on a stateless 2026-07-28 connection.
    const modern = connectionFixture({}, { era: { version: "2026-07-28", mode: "modern", why: "server/discover answered" } });
    expect(clientHints({ connection: modern, requests: [], rootsAsked: 0, toolCount: 3 }).tools).toBe(
      "It lists 3 tools with what Loupe declares with each request; a server may offer other tools for other capabilities.",
    );
    const legacy = connectionFixture({}, { era: { version: "2025-11-25", mode: "legacy", why: "initialize" } });
    expect(clientHints({ connection: legacy, requests: [], rootsAsked: 0, toolCount: 1 }).tools).toMatch(
      /^It lists 1 tool with what Loupe declares in this session;/,
    );
  });
});
