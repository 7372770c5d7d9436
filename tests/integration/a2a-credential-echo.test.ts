import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { allRecordedText } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

// A careless v0.3 JSON-RPC agent on 7214: asks for auth, then refuses the credential with an error
// that repeats it. The credential must still appear nowhere unmasked: entries, the request, its error.
const data = tempDir("loupe-a2a-cred-echo-");
const CREDENTIAL = "sk-live-echoed-secret-42";
let server: http.Server;
let a2a: A2aRegistry;
let id = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.url?.startsWith("/.well-known/")) {
        return void res.end(
          JSON.stringify({
            name: "echo",
            description: "echoes",
            version: "1",
            url: "http://127.0.0.1:7214/rpc",
            protocolVersion: "0.3.0",
            preferredTransport: "JSONRPC",
            capabilities: {},
            defaultInputModes: ["text/plain"],
            defaultOutputModes: ["text/plain"],
            skills: [{ id: "s", name: "s", description: "s", tags: [] }],
          }),
        );
      }
      const rpc = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: number;
        params: { message: { taskId?: string; parts: unknown[] } };
      };
      if (!rpc.params.message.taskId) {
        return void res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: rpc.id,
            result: {
              kind: "task",
              id: "t-echo",
              contextId: "c-echo",
              status: {
                state: "auth-required",
                message: { kind: "message", messageId: "ask-1", role: "agent", parts: [{ kind: "text", text: "key?" }] },
              },
            },
          }),
        );
      }
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: rpc.id,
          error: {
            code: -32600,
            message: `Refused credential ${JSON.stringify(rpc.params.message.parts)}`,
            data: { got: rpc.params.message.parts },
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(7214, "127.0.0.1", () => r()));
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  id = (await a2a.create({ name: "echo", url: "http://127.0.0.1:7214/", headers: {} })).id;
});

afterAll(async () => {
  await a2a.closeAll();
  await new Promise<void>((r) => server.close(() => r()));
  a2a.hub.store.close();
  data.cleanup();
});

describe("a credential the agent echoes back", () => {
  it("is masked in the failed request, its error and every entry", async () => {
    await a2a.send(id, { parts: [{ kind: "text", text: "hi" }], stream: false });
    const request = a2a.listRequests().find((r) => r.agentId === id && r.status === "pending")!;
    expect(request.kind).toBe("auth");
    const thrown = await a2a.answerRequest(request.id, { kind: "credential", credential: CREDENTIAL }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ status: 502 });
    expect((thrown as Error).message).toMatch(/Refused credential/);
    expect(JSON.stringify(thrown)).not.toContain(CREDENTIAL);
    expect((thrown as Error).message).not.toContain(CREDENTIAL);
    expect(JSON.stringify(a2a.listRequests())).not.toContain(CREDENTIAL);
    expect(allRecordedText(a2a.hub)).not.toContain(CREDENTIAL);
  });
});
