import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

// Issue 23: a v0.3 agent whose card says `protocolVersion: "0.3.0"` but copied v1.0's
// `supportedInterfaces` (protocolVersion "1.0"). The agent is the real SDK agent behind a front
// that answers only the v0.3 methods (as a v0.3-only server does: v1.0's are "Method not found")
// and serves that card. Taken as v1.0, every send failed.
const data = tempDir("loupe-a2a-card-versions-");
let agent: SdkAgent;
let front: Server;
let frontUrl = "";
let a2a: A2aRegistry;
let id = "";
const methods: string[] = [];

function hybridCard(base: string) {
  return {
    name: "Half-migrated agent",
    description: "A v0.3 agent with a v1.0-looking card",
    version: "2.0.0",
    protocolVersion: "0.3.0",
    supportedInterfaces: [{ url: `${base}/a2a/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "script", name: "Scripted", description: "complete", tags: ["test"] }],
  };
}

beforeAll(async () => {
  agent = await startSdkAgent(0, { v03: true });
  front = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.startsWith("/.well-known/agent-card.json")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(hybridCard(frontUrl)));
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      const rpc = JSON.parse(body || "{}") as { id?: unknown; method?: string };
      methods.push(rpc.method ?? "");
      if (!rpc.method?.includes("/")) {
        const error = { jsonrpc: "2.0", id: rpc.id ?? null, error: { code: -32601, message: `Method not found: ${rpc.method}` } };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(error));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "content-length") headers[k] = v;
      void fetch(`${agent.url}/a2a/jsonrpc`, { method: "POST", headers, body }).then(async (r) => {
        res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", () => r()));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  id = (await a2a.create({ name: "hybrid", url: frontUrl, headers: {} })).id;
});

afterAll(async () => {
  await a2a.closeAll();
  a2a.hub.store.close();
  front.closeAllConnections();
  await new Promise<void>((r) => front.close(() => r()));
  await agent.close();
  data.cleanup();
});

describe("A2A card whose versions contradict each other", () => {
  it("reports the contradiction, reads the card as v0.3 and sends in v0.3", async () => {
    const view = a2a.get(id);
    expect(view.state.error).toBeUndefined();
    expect(view.state.status).toBe("ok");
    expect(view.state.protocolVersion).toBe("0.3");
    expect(view.state.findings?.find((f) => f.message.startsWith("The card contradicts itself"))).toMatchObject({
      severity: "warning",
      path: "/protocolVersion",
    });
    const sent = await a2a.send(id, { parts: [{ kind: "text", text: "complete" }], stream: false, blocking: true });
    expect(sent.taskId).toBeTruthy();
    expect(a2a.getTask(id, sent.taskId!).state).toBe("completed");
    expect(methods).toContain("message/send");
    expect(methods).not.toContain("SendMessage");
    expect(recorded(a2a.hub, id, { kind: "a2a_card" })).toHaveLength(1);
  });
});
