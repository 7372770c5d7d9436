import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020.js";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CreateMessageRequest, ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { connectDemo } from "./mcp/connect-demo";

const BUILTIN = [
  "plan-trip",
  "get-forecast",
  "convert-currency",
  "book-hotel",
  "lookup-booking",
  "cancel-booking",
  "run-health-check",
  "download-report",
  "render-route-map",
  "export-itinerary",
  "confirm-guest-details",
  "draft-welcome-note",
  "rebook-all",
];

let client: Client;
let tools: Tool[];

beforeAll(async () => {
  client = await connectDemo();
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function rpcError(name: string, args: Record<string, unknown>): Promise<McpError> {
  const error: unknown = await call(name, args).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe("demo MCP server: listing", () => {
  it("announces itself with tools, resources and logging", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "loupe-demo", version: "0.1.0" });
    expect(client.getServerCapabilities()).toEqual({
      tools: {},
      resources: { subscribe: true, listChanged: true },
      prompts: {},
      completions: {},
      logging: {},
      // MCP Apps (SEP-1865): plan-trip's itinerary View (demo/mcp/apps/); the Tasks extension
      // (SEP-2663): rebook-all runs as a task for a 2026-07-28 client that declares it.
      extensions: { "io.modelcontextprotocol/ui": {}, "io.modelcontextprotocol/tasks": {} },
      // 2025-11-25 tasks for this era's clients (demo/mcp/tasks/legacy-tasks.ts).
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    expect(client.getInstructions()).toContain("plan-trip");
  });

  it("lists the built-in tools, each described and annotated", () => {
    expect(tools.map((t) => t.name)).toEqual(BUILTIN);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      const hints = tool.annotations ?? {};
      for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
        expect(typeof hints[hint], `${tool.name}.${hint}`).toBe("boolean");
      }
    }
    expect(tools.find((t) => t.name === "cancel-booking")?.annotations?.destructiveHint).toBe(true);
    expect(tools.filter((t) => t.outputSchema).map((t) => t.name)).toEqual(["get-forecast", "convert-currency"]);
  });

  it("has schemas that compile with strict ajv, both 2020-12 and the SDK's draft-07", () => {
    const strict = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true }));
    const draft07 = addFormats(new Ajv({ strict: false }));
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        if (!schema) continue;
        expect(() => strict.compile(schema), tool.name).not.toThrow();
        expect(() => draft07.compile(schema), tool.name).not.toThrow();
      }
    }
  });
});

describe("demo MCP server: one call per tool", () => {
  it("plan-trip saves a trip and summarises it", async () => {
    const result = await call("plan-trip", {
      title: "Spring tour",
      traveler: { name: "Ada", email: "ada@example.com", contact: { address: { city: "Lisbon", country: "PT" } } },
      legs: [
        { from: "LIS", to: "MAD", date: "2026-05-04" },
        { from: "MAD", to: "CDG", date: "2026-05-07", mode: "train" },
      ],
      budget: { amount: 1500 },
    });
    expect(result).toEqual({
      content: [
        {
          type: "text",
          text: 'Planned TR-8419 "Spring tour" for 1 traveler(s): 2 leg(s), 2026-05-04 → 2026-05-07, about 1410 km, economy, budget 1500 EUR.',
        },
      ],
    });
    const exported = await call("export-itinerary", { tripId: "TR-8419" });
    expect(exported.content[0]).toEqual({ type: "text", text: 'Itinerary for TR-8419 "Spring tour": 2 leg(s).' });
  });

  it("get-forecast returns structuredContent matching its outputSchema, and the same JSON as text", async () => {
    const result = await call("get-forecast", { city: "Lisbon", startDate: "2026-05-04", days: 2 });
    const expected = {
      city: "Lisbon",
      units: "metric",
      days: [
        { date: "2026-05-04", high: 18, low: 8, conditions: "cloudy" },
        { date: "2026-05-05", high: 22, low: 9, conditions: "sunny" },
      ],
    };
    expect(result).toEqual({ content: [{ type: "text", text: JSON.stringify(expected) }], structuredContent: expected });
  });

  it("convert-currency validates, and breakSchema makes the SDK client reject the output", async () => {
    const ok = await call("convert-currency", { amount: 100, to: "GBP" });
    expect(ok.structuredContent).toEqual({ from: "EUR", to: "GBP", amount: 100, rate: 0.85, converted: 85, asOf: "2026-01-02" });
    const error = await rpcError("convert-currency", { amount: 100, breakSchema: true });
    expect(error.message).toContain("Structured content does not match the tool's output schema");
  });

  it("book-hotel takes either payment shape; lookup and cancel follow", async () => {
    const card = await call("book-hotel", {
      hotelId: "hotel-madrid-centro",
      checkIn: "2026-05-04",
      nights: 3,
      payment: { method: "card", cardNumber: "4242424242424242", expiry: "12/28", holder: "Ada" },
      contactEmail: "ada@example.com",
    });
    expect(card.content).toEqual([
      {
        type: "text",
        text: "Booked BK-100002: hotel-madrid-centro, 3 night(s) from 2026-05-04, 2 adult(s) and 0 child(ren), paid by card ending 4242. Confirmation sent to ada@example.com.",
      },
    ]);
    const bank = await call("book-hotel", {
      hotelId: "hotel-paris-marais",
      checkIn: "2026-05-07",
      payment: { method: "bank_transfer", iban: "PT50000201231234567890154" },
      contactEmail: "ada@example.com",
      specialRequests: null,
    });
    expect(bank.content[0]).toMatchObject({ text: expect.stringContaining("Booked BK-100003: hotel-paris-marais, 1 night(s)") });

    expect(await call("lookup-booking", { bookingId: "BK-999999" })).toEqual({
      content: [
        {
          type: "text",
          text: "No booking BK-999999 in this session. Known bookings: BK-100001, BK-100002, BK-100003. Create one with book-hotel, or try BK-100001.",
        },
      ],
      isError: true,
    });
    const cancelled = await call("cancel-booking", { bookingId: "BK-100002", reason: "change_of_plans" });
    expect(cancelled.content[0]).toEqual({
      type: "text",
      text: "Cancelled. BK-100002: cancelled (Change of plans), hotel-madrid-centro, 3 night(s) from 2026-05-04, paid by card.",
    });
    expect((await call("lookup-booking", { bookingId: "BK-100002" })).content[0]).toMatchObject({
      text: expect.stringMatching(/^BK-100002: cancelled/),
    });
  });

  it("rejects bad input with JSON-RPC -32602 and readable details", async () => {
    const bad = await rpcError("cancel-booking", { bookingId: "nope", reason: "because" });
    expect(bad.code).toBe(-32602);
    expect(bad.data).toEqual({
      errors: [
        { path: "/bookingId", message: 'must match pattern "^BK-[0-9]{6}$"' },
        { path: "/reason", message: "must be one of: change_of_plans, found_better_price, duplicate, other" },
      ],
    });
    const other = await rpcError("cancel-booking", { bookingId: "BK-100001", reason: "other" });
    expect(other.code).toBe(-32602);
    expect(other.data).toEqual({ field: "details" });
    expect((await rpcError("no-such-tool", {})).code).toBe(-32602);
  });

  it("render-route-map returns a caption and a real PNG of the requested size", async () => {
    const result = await call("render-route-map", { width: 64, height: 48, theme: "night" });
    expect(result.content).toHaveLength(2);
    expect(result.content[0]).toEqual({ type: "text", text: "Route LIS → MAD → CDG (64×48 PNG, night)." });
    const image = result.content[1];
    if (image?.type !== "image") throw new Error("expected an image block");
    expect(image.mimeType).toBe("image/png");
    const png = Buffer.from(image.data, "base64");
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 48]);
  });

  it("export-itinerary mixes text, a readable resource_link and an embedded resource", async () => {
    const result = await call("export-itinerary");
    expect(result.content.map((c) => c.type)).toEqual(["text", "resource_link", "resource"]);
    const link = result.content[1];
    if (link?.type !== "resource_link") throw new Error("expected a resource_link");
    expect(link).toMatchObject({ uri: "demo://trips/TR-2001/itinerary.md", mimeType: "text/markdown" });
    const read = await client.readResource({ uri: link.uri });
    expect(read.contents[0]).toMatchObject({ mimeType: "text/markdown", text: expect.stringMatching(/^# Lisbon → Madrid → Paris\n/) });
    const embedded = result.content[2];
    if (embedded?.type !== "resource" || !("text" in embedded.resource)) throw new Error("expected a text resource");
    expect(JSON.parse(embedded.resource.text)).toMatchObject({ id: "TR-2001", legs: [{ from: "LIS" }, { from: "MAD" }] });
  });

  it("download-report returns exactly the requested size and caps it at 20 MiB", async () => {
    const result = await call("download-report", { megabytes: 0.5 });
    const block = result.content[0];
    if (block?.type !== "text") throw new Error("expected text");
    expect(block.text.length).toBe(512 * 1024);
    expect(block.text.startsWith("row,timestamp,service,latency_ms,status\n1,2026-05-04T00:00:01.000Z,")).toBe(true);
    expect((await rpcError("download-report", { megabytes: 21 })).data).toEqual({
      errors: [{ path: "/megabytes", message: "must be <= 20" }],
    });
  });
});

describe("demo MCP server: resources, prompts and completion", () => {
  it("lists itineraries and bookings, two templates, and reads a booking as JSON", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain("demo://trips/TR-2001/itinerary.md");
    expect(uris).toContain("demo://trips/TR-2001/itinerary.json");
    expect(uris).toContain("demo://bookings/BK-100001");
    expect(resources.find((r) => r.uri === "demo://bookings/BK-100001")).toMatchObject({ mimeType: "application/json" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "demo://trips/{tripId}/itinerary.{format}",
      "demo://bookings/{bookingId}",
    ]);
    const read = await client.readResource({ uri: "demo://bookings/BK-100001" });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: "BK-100001", status: expect.any(String) });
    // -32602 with the uri in data: 2026-07-28 (SEP-2164) replaced -32002, and SDK v2 answers so in both eras.
    await expect(client.readResource({ uri: "demo://bookings/BK-999999" })).rejects.toMatchObject({
      code: -32602,
      data: { uri: "demo://bookings/BK-999999" },
    });
  });

  it("completes template variables and prompt arguments by prefix", async () => {
    const trip = await client.complete({
      ref: { type: "ref/resource", uri: "demo://trips/{tripId}/itinerary.{format}" },
      argument: { name: "tripId", value: "TR-2" },
    });
    expect(trip.completion.values).toContain("TR-2001");
    const format = await client.complete({
      ref: { type: "ref/resource", uri: "demo://trips/{tripId}/itinerary.{format}" },
      argument: { name: "format", value: "j" },
    });
    expect(format.completion).toMatchObject({ values: ["json"], total: 1, hasMore: false });
    const city = await client.complete({ ref: { type: "ref/prompt", name: "packing-list" }, argument: { name: "city", value: "p" } });
    expect(city.completion.values).toEqual(["Paris", "Porto", "Prague"]);
  });

  it("renders prompts with an embedded resource, and rejects a bad argument as -32602", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["trip-brief", "packing-list"]);
    const brief = await client.getPrompt({ name: "trip-brief", arguments: { tripId: "TR-2001", tone: "formal" } });
    expect(brief.messages.map((m) => [m.role, m.content.type])).toEqual([
      ["user", "text"],
      ["user", "resource"],
      ["assistant", "text"],
    ]);
    expect(brief.messages[0]?.content).toMatchObject({ text: expect.stringContaining("formal") });
    await expect(client.getPrompt({ name: "trip-brief", arguments: { tripId: "TR-0000" } })).rejects.toMatchObject({ code: -32602 });
  });
});

describe("demo MCP server: subscriptions and asking the human", () => {
  let hitl: Client;
  const updated: string[] = [];
  let listChanged = 0;
  let elicit: ElicitRequest["params"] | undefined;
  let sampled: CreateMessageRequest["params"] | undefined;

  beforeAll(async () => {
    hitl = await connectDemo({
      capabilities: { elicitation: { form: {} }, sampling: {} },
      setup: (c) => {
        c.setRequestHandler(ElicitRequestSchema, (req) => {
          elicit = req.params;
          return { action: "accept", content: { fullName: "Ada Lovelace", email: "ada@example.com", extras: ["breakfast", "parking"] } };
        });
        c.setRequestHandler(CreateMessageRequestSchema, (req) => {
          sampled = req.params;
          return { role: "assistant", model: "scripted-test", stopReason: "endTurn", content: { type: "text", text: "Welcome, Ada!" } };
        });
        c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          updated.push(n.params.uri);
        });
        c.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
          listChanged++;
        });
      },
    });
  });
  afterAll(async () => {
    await hitl?.close();
  });

  const callHitl = async (name: string, args: Record<string, unknown>) =>
    (await hitl.callTool({ name, arguments: args })) as CallToolResult;

  it("confirm-guest-details asks a form through elicitation and stores the answer on the booking", async () => {
    await hitl.subscribeResource({ uri: "demo://bookings/BK-100001" });
    const result = await callHitl("confirm-guest-details", { bookingId: "BK-100001" });
    expect(elicit).toMatchObject({ mode: "form", requestedSchema: { required: ["fullName", "email"] } });
    expect(result.structuredContent).toMatchObject({ bookingId: "BK-100001", details: { extras: ["breakfast", "parking"] } });
    expect(updated).toEqual(["demo://bookings/BK-100001"]);
    const read = await hitl.readResource({ uri: "demo://bookings/BK-100001" });
    expect(JSON.parse((read.contents[0] as { text: string }).text).guestDetails).toMatchObject({ fullName: "Ada Lovelace" });
  });

  it("announces a new booking as a resource list change, and stops updates after unsubscribe", async () => {
    await hitl.unsubscribeResource({ uri: "demo://bookings/BK-100001" });
    await callHitl("confirm-guest-details", { bookingId: "BK-100001" });
    expect(updated).toHaveLength(1);
    const before = listChanged;
    await callHitl("book-hotel", {
      hotelId: "hotel-paris-marais",
      checkIn: "2026-06-01",
      payment: { method: "card", cardNumber: "4111111111111111", expiry: "12/28", holder: "Ada" },
      contactEmail: "ada@example.com",
      specialRequests: null,
    });
    expect(listChanged).toBe(before + 1);
  });

  it("draft-welcome-note asks the client's model and returns what it said", async () => {
    const result = await callHitl("draft-welcome-note", { tripId: "TR-2001", tone: "playful" });
    expect(sampled).toMatchObject({ maxTokens: 120, messages: [{ role: "user", content: { text: expect.stringContaining("playful") } }] });
    expect(result.content[0]).toMatchObject({ type: "text", text: expect.stringContaining("Welcome, Ada!") });
    expect((result.content[0] as { text: string }).text).toContain("scripted-test");
  });

  it("says which capability is missing when the client did not declare it", async () => {
    const result = await call("draft-welcome-note", { tripId: "TR-2001" });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ text: expect.stringContaining('"sampling"') });
  });
});
