import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_LEVEL_META_KEY } from "@modelcontextprotocol/client";
import type { Client, JSONRPCMessage } from "@modelcontextprotocol/client";
import type { CallToolResult, ElicitRequest, CreateMessageRequest } from "@modelcontextprotocol/client";
import { connectDemoV2 } from "./mcp/connect-v2";
import type { ConnectDemoV2Options } from "./mcp/connect-v2";
import { createDemoRuntime } from "./mcp/server";
import { serveDemoHttp } from "./mcp/serve-http";
import type { DemoHttpServer } from "./mcp/serve-http";

/**
 * The demo server in both eras, through the SDK v2 client: "auto" negotiates 2026-07-28 with
 * server/discover, "legacy" runs the 2025-11-25 handshake; over stdio and over HTTP. The
 * elicitation and sampling tools are answered by the client's handlers in both eras (MRTR
 * retries on 2026-07-28, server→client requests from the SDK shim on 2025-11-25).
 */

const HTTP_PORT = 7111;
let http: DemoHttpServer;

/** What run-health-check answered inside the HTTP server (this process), to see a cancel land there. */
const healthOutcomes: string[] = [];

beforeAll(async () => {
  const runtime = createDemoRuntime();
  const health = runtime.modules.flatMap((m) => m.tools ?? []).find((t) => t.definition.name === "run-health-check")!;
  const run = health.handler;
  health.handler = async (args, ctx) => {
    const outcome = await run(args, ctx);
    healthOutcomes.push(text(outcome as CallToolResult));
    return outcome;
  };
  http = await serveDemoHttp(runtime, { port: HTTP_PORT });
});
afterAll(async () => {
  await http?.close();
});

const HOTEL = {
  hotelId: "hotel-paris-marais",
  checkIn: "2026-06-01",
  payment: { method: "card", cardNumber: "4242424242424242", expiry: "12/29", holder: "Ada" },
  contactEmail: "ada@example.com",
};
const GUEST = { fullName: "Ada Lovelace", email: "ada@example.com", arrival: "evening" };

type Humans = {
  elicit: ElicitRequest[];
  sample: CreateMessageRequest[];
  /** Form answers to give first, before GUEST. */ answers: Record<string, unknown>[];
};

function withHumans(seen: Humans): Pick<ConnectDemoV2Options, "capabilities" | "setup"> {
  return {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    setup: (client) => {
      client.setRequestHandler("elicitation/create", (request) => {
        seen.elicit.push(request);
        return { action: "accept", content: (seen.answers.shift() ?? GUEST) as typeof GUEST };
      });
      client.setRequestHandler("sampling/createMessage", (request) => {
        seen.sample.push(request);
        return { role: "assistant", model: "test-model", stopReason: "endTurn", content: { type: "text", text: "Welcome, Ada!" } };
      });
    },
  };
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");

const transports = [
  { name: "stdio", url: () => undefined },
  { name: "HTTP", url: () => http.url },
] as const;
const eras = [
  { era: "auto", version: "2026-07-28" },
  { era: "legacy", version: "2025-11-25" },
] as const;

for (const transport of transports) {
  for (const { era, version } of eras) {
    describe(`demo MCP server over ${transport.name}, client era ${era}`, () => {
      let client: Client;
      const seen: Humans = { elicit: [], sample: [], answers: [] };
      const frames: JSONRPCMessage[] = [];

      beforeAll(async () => {
        client = await connectDemoV2({ era, url: transport.url(), onFrame: (f) => frames.push(f), ...withHumans(seen) });
      });
      afterAll(async () => {
        await client?.close();
      });

      it(`speaks ${version} and lists the travel tools, without the conformance fixtures`, async () => {
        expect(client.getNegotiatedProtocolVersion()).toBe(version);
        expect(client.getServerVersion()).toMatchObject({ name: "loupe-demo" });
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toContain("plan-trip");
        expect(names).toContain("confirm-guest-details");
        expect(names.filter((n) => n.startsWith("test_"))).toEqual([]);
      });

      it("books a hotel and reads the booking back as a resource", async () => {
        const booked = await client.callTool({ name: "book-hotel", arguments: HOTEL });
        const id = /Booked (BK-\d{6})/.exec(text(booked))?.[1];
        expect(id).toBeDefined();
        const read = await client.readResource({ uri: `demo://bookings/${id}` });
        expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id, hotelId: "hotel-paris-marais" });
        await expect(client.readResource({ uri: "demo://bookings/BK-999999" })).rejects.toMatchObject({ code: -32602 });
      });

      it("asks for guest details through elicitation and stores the answer", async () => {
        seen.elicit.length = 0;
        const result = await client.callTool({ name: "confirm-guest-details", arguments: { bookingId: "BK-100001" } });
        expect(seen.elicit).toHaveLength(1);
        expect(seen.elicit[0]?.params).toMatchObject({
          message: expect.stringContaining("BK-100001"),
          requestedSchema: { required: ["fullName", "email"] },
        });
        expect(result.structuredContent).toEqual({ bookingId: "BK-100001", details: GUEST });
        const booking = await client.readResource({ uri: "demo://bookings/BK-100001" });
        expect(JSON.parse((booking.contents[0] as { text: string }).text).guestDetails).toEqual(GUEST);
      });

      it("asks again, saying what to fix, when the form answer does not fit the schema", async () => {
        seen.elicit.length = 0;
        seen.answers.push({ fullName: "A", email: "not-an-email" });
        const result = await client.callTool({ name: "confirm-guest-details", arguments: { bookingId: "BK-100001" } });
        expect(seen.elicit).toHaveLength(2);
        expect(seen.elicit[1]?.params.message).toMatch(
          /Please fix: fullName must NOT have fewer than 2 characters; email must match format "email"\.$/,
        );
        expect(result.structuredContent).toEqual({ bookingId: "BK-100001", details: GUEST });
      });

      it("asks the client's model through sampling and returns what it wrote", async () => {
        seen.sample.length = 0;
        const result = await client.callTool({ name: "draft-welcome-note", arguments: { tripId: "TR-2001", tone: "formal" } });
        expect(seen.sample).toHaveLength(1);
        expect(seen.sample[0]?.params).toMatchObject({
          maxTokens: 120,
          messages: [{ content: { text: expect.stringContaining("formal welcome note for Ada Lovelace") } }],
        });
        expect(text(result)).toBe("Welcome note by test-model (endTurn):\n\nWelcome, Ada!");
      });

      it("tells a subscribed client that a booking changed (resources/subscribe, or subscriptions/listen on 2026-07-28)", async () => {
        // A fresh booking: the HTTP runs share one server process, and cancelling twice changes nothing.
        const booked = await client.callTool({ name: "book-hotel", arguments: HOTEL });
        const id = /Booked (BK-\d{6})/.exec(text(booked))?.[1];
        const uri = `demo://bookings/${id}`;
        const updated: string[] = [];
        client.setNotificationHandler("notifications/resources/updated", (n) => {
          updated.push(n.params.uri);
        });
        const subscription = era === "auto" ? await client.listen({ resourceSubscriptions: [uri] }) : undefined;
        if (!subscription) await client.subscribeResource({ uri });
        await client.callTool({ name: "cancel-booking", arguments: { bookingId: id, reason: "duplicate" } });
        await expect.poll(() => updated, { timeout: 3000 }).toContain(uri);
        await subscription?.close();
        if (!subscription) await client.unsubscribeResource({ uri });
      });

      it("reports progress and logs while a health check runs (on 2026-07-28 only when the request asks for a log level)", async () => {
        const logs: string[] = [];
        client.setNotificationHandler("notifications/message", (n) => {
          logs.push(n.params.level);
        });
        const args = { steps: 3, stepMs: 5, services: ["payments"] };
        const onprogress = () => undefined;
        if (era === "auto") {
          await client.callTool({ name: "run-health-check", arguments: args });
          expect(logs).toEqual([]);
          frames.length = 0;
          await client.callTool({ name: "run-health-check", arguments: args, _meta: { [LOG_LEVEL_META_KEY]: "warning" } }, { onprogress });
        } else {
          await client.setLoggingLevel("warning");
          frames.length = 0;
          await client.callTool({ name: "run-health-check", arguments: args }, { onprogress });
        }
        const progress = frames.flatMap((f) => ("method" in f && f.method === "notifications/progress" ? [f.params?.progress] : []));
        expect(progress).toEqual([1, 2, 3]);
        await expect.poll(() => logs).toEqual(["warning", "warning", "warning"]);
      });

      it("stops a health check when the call is cancelled", async () => {
        frames.length = 0;
        healthOutcomes.length = 0;
        const progressFrames = () => frames.filter((f) => "method" in f && f.method === "notifications/progress").length;
        const controller = new AbortController();
        const pending = client.callTool(
          { name: "run-health-check", arguments: { steps: 40, stepMs: 25, services: ["api"] } },
          { signal: controller.signal, onprogress: () => undefined },
        );
        await expect.poll(progressFrames, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
        controller.abort();
        await expect(pending).rejects.toThrow();
        const atCancel = progressFrames();
        await new Promise((resolve) => setTimeout(resolve, 300));
        // A step or two may already be on the way; 40 steps would take a second.
        expect(progressFrames()).toBeLessThanOrEqual(atCancel + 2);
        expect(progressFrames()).toBeLessThan(20);
        // Over HTTP the server runs in this process: its handler saw the cancel and stopped early.
        if (transport.name === "HTTP")
          await expect
            .poll(() => healthOutcomes, { timeout: 2000 })
            .toEqual([expect.stringMatching(/^Cancelled after \d+ of 40 checks\.$/)]);
      });

      it("rejects bad arguments with -32602 and readable details", async () => {
        await expect(
          client.callTool({ name: "cancel-booking", arguments: { bookingId: "nope", reason: "duplicate" } }),
        ).rejects.toMatchObject({
          code: -32602,
          message: expect.stringContaining("/bookingId must match pattern"),
        });
      });
    });
  }
}

describe("demo MCP server over HTTP: the 2026-07-28 wire", () => {
  const envelope = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
  };
  const post = (method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(http.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": method,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope } }),
    });

  it("answers server/discover with both the modern revision and its identity, statelessly", async () => {
    const response = await post("server/discover", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const body = (await response.json()) as { result: Record<string, unknown> & { _meta: Record<string, unknown> } };
    expect(body.result.supportedVersions).toContain("2026-07-28");
    expect(body.result.capabilities).toMatchObject({ tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} });
    expect(body.result._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "loupe-demo" });
  });

  it("marks results complete and gives list results cache hints", async () => {
    const body = (await (await post("tools/list", {})).json()) as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({ resultType: "complete", ttlMs: 60_000, cacheScope: "public" });
    const resources = (await (await post("resources/list", {})).json()) as { result: Record<string, unknown> };
    expect(resources.result).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
  });

  it("answers a call that needs a human with an input-required result, only when the request declared elicitation", async () => {
    const response = await post(
      "tools/call",
      { name: "confirm-guest-details", arguments: { bookingId: "BK-100001" } },
      { "mcp-name": "confirm-guest-details" },
    );
    const body = (await response.json()) as { result: { resultType: string; inputRequests: Record<string, { method: string }> } };
    // The envelope declared no elicitation capability, so the tool says so instead of asking.
    expect(body.result.resultType).toBe("complete");
    const asking = await fetch(http.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "confirm-guest-details",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          name: "confirm-guest-details",
          arguments: { bookingId: "BK-100001" },
          _meta: { ...envelope, "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } } },
        },
      }),
    });
    const ask = (await asking.json()) as { result: { resultType: string; inputRequests: Record<string, { method: string }> } };
    expect(ask.result.resultType).toBe("input_required");
    expect(ask.result.inputRequests.guest_details?.method).toBe("elicitation/create");
  });

  it("refuses a request whose routing header disagrees with its body (-32020, HTTP 400)", async () => {
    const response = await post("tools/list", {}, { "mcp-method": "prompts/list" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32020);
  });

  it("answers a body that is not JSON with a parse error, and an unknown session with 404", async () => {
    const garbled = await fetch(http.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{not json",
    });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const ended = await fetch(http.url, { headers: { accept: "text/event-stream", "mcp-session-id": "no-such-session" } });
    expect(ended.status).toBe(404);
  });

  it("refuses an Origin or a Host that is not localhost (DNS rebinding)", async () => {
    const fromEvilPage = await post("server/discover", {}, { origin: "http://evil.example" });
    expect(fromEvilPage.status).toBe(403);
    // fetch will not send a forged Host, so this one goes through node:http.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        http.url,
        { method: "POST", headers: { host: `evil.example:${HTTP_PORT}`, "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope } }));
    });
    expect(status).toBe(403);
  });
});
