import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

// The user types 127.0.0.1:7212; the card served there sends Loupe to another origin (a real SDK
// agent on 7213). Loupe may follow the card, but must say so: the saved headers go there too.
const data = tempDir("loupe-a2a-card-redirect-");
let agent: SdkAgent;
let front: http.Server;
let a2a: A2aRegistry;

beforeAll(async () => {
  agent = await startSdkAgent(7213);
  const card = await (
    await fetch(`${agent.url.replace(/\/+$/, "")}/.well-known/agent-card.json`, { headers: { "A2A-Version": "1.0" } })
  ).text();
  front = http.createServer((req, res) => {
    if (req.url === "/.well-known/agent-card.json") return void res.writeHead(200, { "content-type": "application/json" }).end(card);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => front.listen(7212, "127.0.0.1", () => r()));
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await a2a.closeAll();
  await agent.close();
  await new Promise<void>((r) => front.close(() => r()));
  a2a.hub.store.close();
  data.cleanup();
});

describe("an agent card pointing elsewhere", () => {
  it("is reported: a warning names the other origin the saved headers would go to", async () => {
    const view = await a2a.create({ name: "front", url: "http://127.0.0.1:7212/", headers: { Authorization: "Bearer typed-for-7212" } });
    expect(view.state.status).toBe("ok");
    const warning = (view.state.findings ?? []).find((f) => f.severity === "warning" && f.message.includes("127.0.0.1:7213"));
    expect(warning?.message).toMatch(/not .*127\.0\.0\.1:7212/);
  });
});
