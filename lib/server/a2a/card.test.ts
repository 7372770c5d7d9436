import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchCard } from "@/lib/server/a2a/card";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

// A v1.0 card served here lists its interfaces in order of preference; Loupe calls one of them,
// and only that one may earn the "sends Loupe elsewhere" warning (issue: the demo agent's card
// warned of its gRPC target while Loupe spoke JSONRPC to the origin the user typed).
const data = tempDir("loupe-a2a-card-");
let hub: Hub;
let server: http.Server;
let base = "";
let interfaces: { url: string; protocolBinding: string; protocolVersion: string }[] = [];

const card = () => ({
  name: "card",
  description: "d",
  version: "1",
  supportedInterfaces: interfaces,
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
});

beforeAll(async () => {
  hub = new Hub(openStore(data.dir));
  server = http.createServer((req, res) => {
    if (req.url === "/.well-known/agent-card.json")
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card()));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  hub.store.close();
  data.cleanup();
});

const warnings = (findings: { severity: string; message: string }[] | undefined) =>
  (findings ?? []).filter((f) => f.severity === "warning" && f.message.startsWith("The card sends Loupe")).map((f) => f.message);

describe("fetchCard: the interface Loupe calls", () => {
  it("does not warn of another origin's interface Loupe does not call (JSONRPC here first, gRPC elsewhere)", async () => {
    interfaces = [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: "127.0.0.1:1", protocolBinding: "GRPC", protocolVersion: "1.0" },
    ];
    const state = await fetchCard(hub, "a", base, {});
    expect(warnings(state.findings)).toEqual([]);
    expect(state.transport).toBe("JSONRPC");
  });

  it("warns when the user picked the interface on another origin", async () => {
    const state = await fetchCard(hub, "a", base, {}, "GRPC");
    expect(state.transport).toBe("GRPC");
    expect(warnings(state.findings)).toEqual([
      `The card sends Loupe to grpc://127.0.0.1:1, not ${base} where you added the agent: its calls and your saved headers go there`,
    ]);
  });

  it("warns when the card's preferred interface is on another origin", async () => {
    interfaces = [
      { url: "http://127.0.0.1:2/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      { url: `${base}/a2a/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ];
    const state = await fetchCard(hub, "a", base, {});
    expect(state.transport).toBe("HTTP+JSON");
    expect(warnings(state.findings)).toEqual([
      `The card sends Loupe to http://127.0.0.1:2, not ${base} where you added the agent: its calls and your saved headers go there`,
    ]);
  });
});
