import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import { Socket } from "node:net";
import { encodeActor, type Actor } from "@/lib/contracts/people";
import { installClusterServing, type ClusterServing } from "@/lib/launcher/cluster-forward";
import { clusterLink } from "@/lib/launcher/cluster-link";

/**
 * The launcher's half of forwarding between instances (issue 25), against a real HTTP server standing
 * for this instance's own listener: a forwarded request comes back to it with the secret only this
 * process knows and the actor of the person who asked on the other instance; a client cannot pass one.
 */
const PERSON: Actor = { kind: "person", name: "Rita Responder", role: "responder", email: "rita@example.com" };
let server: Server;
let serving: ClusterServing;
const seen: { actor: Actor | undefined; token: string | undefined; body: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const actor = serving.forwardedActor(req);
      seen.push({ actor, token: req.headers["x-loupe-token"]?.toString(), body: Buffer.concat(chunks).toString(), url: req.url ?? "" });
      res.writeHead(409, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "conflict:mcp_request", message: "answered by Ana" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  serving = installClusterServing({ host: "127.0.0.1", port: typeof address === "object" && address ? address.port : 0, token: "tok" });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function clientRequest(headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = { ...headers };
  return req;
}

describe("a request forwarded from another instance", () => {
  it("runs here as the person who asked there, and its status and body go back as they are", async () => {
    const answer = await clusterLink().serveHere!({
      method: "POST",
      url: "/api/connections/c1/requests/r1",
      headers: { "content-type": "application/json" },
      body: Buffer.from('{"action":"accept"}').toString("base64"),
      actor: encodeActor(PERSON),
    });
    expect(seen.at(-1)).toEqual({ actor: PERSON, token: "tok", body: '{"action":"accept"}', url: "/api/connections/c1/requests/r1" });
    expect(answer.status).toBe(409);
    expect(JSON.parse(Buffer.from(answer.body, "base64").toString())).toEqual({
      error: { code: "conflict:mcp_request", message: "answered by Ana" },
    });
  });

  it("is not one when a client sends the same headers without this process's secret: no actor, and the headers are dropped", () => {
    const req = clientRequest({ "x-loupe-forwarded": "guess", "x-loupe-forwarded-actor": encodeActor(PERSON) });
    expect(serving.forwardedActor(req)).toBeUndefined();
    expect(req.headers["x-loupe-forwarded-actor"]).toBeUndefined();
    expect(req.headers["x-loupe-forwarded"]).toBeUndefined();
  });

  it("is served where it arrives when no cluster routes it elsewhere", () => {
    const req = clientRequest({});
    req.method = "POST";
    req.url = "/api/connections/c1/requests/r1";
    expect(serving.forwardIfHeldElsewhere(req, new ServerResponse(req), PERSON)).toBe(false);
  });
});
