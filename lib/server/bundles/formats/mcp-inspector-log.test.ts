import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Bundle, BundleIssue } from "@/lib/contracts/bundle";
import { mcpTrafficSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import type { HttpExchange } from "@/lib/contracts/network";
import { pairTraffic, type RequestRow } from "@/lib/protocols/mcp/pairing";
import { exchangeForEntry } from "@/lib/protocols/mcp/wire";
import { validateBundle } from "@/lib/server/bundles/validate";
import { tempDir } from "@/tests/support/servers";
import { mcpInspectorLogFormat } from "./mcp-inspector-log";

const data = tempDir("loupe-formats-mcp-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

type Json = Record<string, unknown>;
interface Row {
  id: string;
  timestamp: string;
  direction: "request" | "response" | "notification";
  origin: "client" | "server";
  message: Json & { method?: string; params?: Json };
  response?: Json & { result?: Json };
  duration?: number;
}

const FIXTURES = "tests/fixtures/bundles";
const read = <T>(name: string): T => JSON.parse(readFileSync(`${FIXTURES}/${name}`, "utf8")) as T;
const protocol = read<Row[]>("inspector-protocol.json");
const consoleLog = read<{ timestamp: string; message: string }[]>("inspector-console.json");
const logs = read<{ receivedAt: string; params: Json }[]>("inspector-logs.json");
const PROTOCOL_NAME = "inspector-protocol-node-2026-11-24T10-41-24.047Z.json";

const entriesOf = (bundle: Bundle): Entry[] => bundle.entries.map((e) => ({ ...e, rawBytes: 0 }));

function issuesOf(fn: () => unknown): BundleIssue[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return ((e as AppError).details as { issues: BundleIssue[] }).issues;
  }
  throw new Error("expected a refusal");
}

function checkTraffic(bundle: Bundle): void {
  expect(validateBundle(JSON.parse(JSON.stringify(bundle)))).toBeTruthy();
  expect(mcpTrafficSnapshotSchema.parse(bundle.snapshot)).toEqual({ scope: { kind: "all" }, calls: [] });
  expect(bundle.unit).toEqual({ type: "mcp-traffic", connectionId: "imported", scope: { kind: "all" } });
  expect(bundle.origin.kind).toBe("mcp-inspector-log");
  const seqs = bundle.entries.map((e) => e.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  const times = bundle.entries.map((e) => e.receivedAt);
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

describe("MCP Inspector protocol log (captured from Inspector 2.12.0 against server-everything)", () => {
  const bundle = mcpInspectorLogFormat.convert(protocol, PROTOCOL_NAME);
  const rows = pairTraffic(entriesOf(bundle));
  const requests = rows.filter((r): r is RequestRow => r.type === "request");

  it("converts every message and every response it carries into message entries", () => {
    checkTraffic(bundle);
    expect(bundle.entryKinds).toEqual(["message"]);
    expect(bundle.entries).toHaveLength(protocol.length + protocol.filter((r) => r.response).length);
    expect(bundle.origin.fileName).toBe(PROTOCOL_NAME);
    expect(bundle.exportedAt).toBe("2026-11-24T10:41:24.047Z");
  });

  it("names the server from its initialize result", () => {
    const init = protocol.find((r) => r.message.method === "initialize")!;
    const result = init.response!.result as { serverInfo: { title: string }; protocolVersion: string };
    expect(bundle.connection).toMatchObject({
      protocol: "mcp",
      id: "imported",
      name: result.serverInfo.title,
      serverInfo: result.serverInfo,
      protocolVersion: result.protocolVersion,
      inspectorServer: "node",
    });
    expect(bundle.title).toBe(`MCP Inspector protocol log · ${result.serverInfo.title}`);
  });

  it("pairs into the traffic timeline: every request answered, in the right direction, with the Inspector's duration as latency", () => {
    const fileRequests = protocol.filter((r) => r.direction === "request");
    expect(requests.map((r) => [r.method, r.id, r.direction])).toEqual(
      fileRequests.map((r) => [r.message.method, r.message.id, r.origin === "client" ? "out" : "in"]),
    );
    // The server's roots/list is the one request that came in.
    expect(requests.filter((r) => r.direction === "in").map((r) => r.method)).toEqual(["roots/list"]);
    expect(requests.every((r) => r.response !== undefined && r.state === "ok")).toBe(true);
    expect(requests.map((r) => r.latencyMs)).toEqual(fileRequests.map((r) => r.duration));
    const notifications = rows.filter((r) => r.type === "entry");
    expect(notifications.map((r) => r.type === "entry" && r.method)).toEqual(
      protocol.filter((r) => r.direction === "notification").map((r) => r.message.method),
    );
  });

  it("keeps the tool calls: names, the error result, and the progress of the long-running one", () => {
    const calls = requests.filter((r) => r.method === "tools/call");
    expect(calls.map((r) => (r.requestItem.params as { name: string }).name)).toEqual([
      "echo",
      "get-sum",
      "trigger-long-running-operation",
      "gzip-file-as-resource",
    ]);
    const results = calls.map((r) => r.responseItem?.result as { isError?: boolean; content: { text: string }[] });
    expect(results.map((r) => r.isError === true)).toEqual([false, false, false, true]);
    expect(results[3]!.content[0]!.text).toContain("Unsupported URL protocol");
    const progress = protocol.filter((r) => r.message.method === "notifications/progress");
    expect(progress).toHaveLength(4);
    expect(calls[2]!.progressCount).toBe(progress.length);
    expect(calls.map((r) => r.progressCount)).toEqual([0, 0, 4, 0]);
  });

  it("keeps a response the Inspector refused as a transport error, and row fields it does not know", () => {
    const init = protocol[0]!;
    const odd = [{ ...init, clientError: "era codec refused the result", pinnedBy: "me" }, ...protocol.slice(1)];
    const converted = mcpInspectorLogFormat.convert(odd);
    const refused = converted.entries.find((e) => e.kind === "transport_error")!;
    expect(refused.raw).toEqual({ message: "The Inspector refused the response: era codec refused the result" });
    expect(refused.receivedAt).toBe(Date.parse(init.timestamp) + init.duration!);
    expect((converted.snapshot as { unmapped: unknown }).unmapped).toEqual([{ row: 0, path: "[0].pinnedBy", value: "me" }]);
    // …and visible in the timeline, raw, at the row's time.
    const kept = converted.entries.filter((e) => e.kind === "unparsed");
    expect(kept.map((e) => [e.receivedAt, (e.raw as { text: string }).text])).toEqual([
      [Date.parse(init.timestamp), '{"[0].pinnedBy":"me"}'],
    ]);
    expect(pairTraffic(entriesOf(converted)).find((r) => r.type === "entry" && r.entry.kind === "unparsed")).toBeDefined();
  });

  it("masks what sits under a secret-like key (an Authorization header in a request's _meta)", () => {
    const secret = "Bearer sk-live-in-the-log-1234";
    const withAuth = protocol.map((r, i) =>
      i === 16 ? { ...r, message: { ...r.message, params: { ...r.message.params, _meta: { authorization: secret } } } } : r,
    );
    const converted = mcpInspectorLogFormat.convert(withAuth);
    expect(JSON.stringify(converted)).not.toContain("sk-live-in-the-log-1234");
    expect(converted.secrets).toEqual({ masked: 1, mask: SECRET_MASK });
  });

  it("names the broken rows with their paths in the original file", () => {
    const broken = protocol.map((r, i) => (i === 3 ? { ...r, direction: "sideways" } : i === 7 ? { ...r, message: "hi" } : r));
    expect(issuesOf(() => mcpInspectorLogFormat.convert(broken)).map((i) => i.path)).toEqual(["[3].direction", "[7].message"]);
    const badTime = protocol.map((r, i) => (i === 2 ? { ...r, timestamp: "yesterday" } : r));
    expect(issuesOf(() => mcpInspectorLogFormat.convert(badTime)).map((i) => i.path)).toEqual(["[2].timestamp"]);
  });
});

describe("MCP Inspector console and logs exports", () => {
  it("console rows become stderr entries", () => {
    const bundle = mcpInspectorLogFormat.convert(consoleLog, "inspector-console-node-2026-11-24T10-41-27.405Z.json");
    checkTraffic(bundle);
    expect(bundle.entries.map((e) => [e.kind, e.direction, e.raw, e.receivedAt])).toEqual(
      consoleLog.map((r) => ["stderr", "in", { line: r.message }, Date.parse(r.timestamp)]),
    );
    expect(bundle.connection.name).toBe("node");
  });

  it("log rows become the notifications/message frames they came in", () => {
    const bundle = mcpInspectorLogFormat.convert(logs);
    checkTraffic(bundle);
    const rows = pairTraffic(entriesOf(bundle));
    expect(rows.map((r) => (r.type === "entry" ? [r.method, r.items.map((i) => i.kind)] : null))).toEqual(
      logs.map(() => ["notifications/message", ["rpc_notification", "log"]]),
    );
    expect(bundle.entries.map((e) => (e.raw as { params: unknown }).params)).toEqual(logs.map((r) => r.params));
  });
});

describe("over Streamable HTTP: the protocol and network exports (Inspector 2.12.0, server-everything streamableHttp)", () => {
  type NetRow = { id: string; timestamp: string; url: string; requestHeaders: Record<string, string>; requestBody?: string };
  const network = read<NetRow[]>("inspector-http-network.json");
  // The file lists requests as they finished; the bundle orders by when they were sent.
  const bySent = [...network].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const httpProtocol = read<Row[]>("inspector-http-protocol.json");
  const TOOLS = ["echo", "get-sum", "trigger-long-running-operation", "gzip-file-as-resource"];
  const toolCalls = (rows: ReturnType<typeof pairTraffic>) =>
    rows.filter((r): r is RequestRow => r.type === "request" && r.method === "tools/call");

  it("the protocol export pairs like the stdio one", () => {
    const bundle = mcpInspectorLogFormat.convert(httpProtocol);
    checkTraffic(bundle);
    const calls = toolCalls(pairTraffic(entriesOf(bundle)));
    expect(calls.map((r) => (r.requestItem.params as { name: string }).name)).toEqual(TOOLS);
    expect(calls.every((r) => r.state === "ok")).toBe(true);
  });

  it("the network export: one exchange per request, the messages its bodies carried, each message on its exchange", () => {
    const name = "inspector-network-127.0.0.1%3A7147-2026-11-24T10-54-48.567Z.json";
    const bundle = mcpInspectorLogFormat.convert(network, name);
    checkTraffic(bundle);
    expect(bundle.title).toBe(
      "MCP Inspector network log · Everything Reference Server".replace("Everything Reference Server", bundle.connection.name),
    );
    expect(bundle.connection).toMatchObject({ target: network[0]!.url, inspectorServer: "127.0.0.1:7147" });
    const exchanges = bundle.entries.filter((e) => e.kind === "http_exchange");
    expect(exchanges.map((e) => (e.raw as HttpExchange).id)).toEqual(bySent.map((r) => r.id));
    expect(exchanges.every((e) => e.protocol === "loupe" && e.direction === "out")).toBe(true);

    const sent = bySent.flatMap((r) => (r.requestBody?.trim().startsWith("{") ? [JSON.parse(r.requestBody) as Json] : []));
    const messages = bundle.entries.filter((e) => e.kind === "message");
    expect(messages.filter((e) => e.direction === "out").map((e) => (e.raw as Json).method ?? "response")).toEqual(
      sent.map((m) => m.method ?? "response"),
    );
    const rows = pairTraffic(entriesOf(bundle));
    const calls = toolCalls(rows);
    expect(calls.map((r) => (r.requestItem.params as { name: string }).name)).toEqual(TOOLS);
    // Every request the Inspector sent got its response back in its POST's event stream.
    expect(rows.filter((r): r is RequestRow => r.type === "request" && r.direction === "out").every((r) => r.state === "ok")).toBe(true);

    const wire = exchanges.map((e) => e.raw as HttpExchange);
    const echo = calls[0]!;
    expect(exchangeForEntry(wire, echo.request)?.id).toBe(exchangeForEntry(wire, echo.response!)?.id);
    expect(exchangeForEntry(wire, echo.request)?.messages).toEqual([
      { dir: "out", id: echo.id, method: "tools/call", name: "echo" },
      { dir: "in", id: echo.id, response: true },
    ]);
  });

  it("masks the Authorization header (the Inspector wrote [REDACTED]; the scrub masks it like any secret-like key)", () => {
    expect(network.every((r) => r.requestHeaders.authorization === "[REDACTED]")).toBe(true);
    const bundle = mcpInspectorLogFormat.convert(network);
    const headers = bundle.entries.filter((e) => e.kind === "http_exchange").map((e) => (e.raw as HttpExchange).requestHeaders);
    expect(headers.every((h) => h.authorization === SECRET_MASK)).toBe(true);
    expect(bundle.secrets.masked).toBe(network.length);
  });

  it("names a broken network row's path", () => {
    const broken = network.map((r, i) => (i === 2 ? { ...r, requestHeaders: "accept: */*" } : r));
    expect(issuesOf(() => mcpInspectorLogFormat.convert(broken)).map((i) => i.path)).toEqual(["[2].requestHeaders"]);
  });
});
