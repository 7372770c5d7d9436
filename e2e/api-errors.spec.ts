import { request as httpRequest } from "node:http";
import { E2E_TOKEN, expect, test } from "./fixtures";

/**
 * Client mistakes against the BUILT app (each route is its own bundle there, which is where an
 * `instanceof AppError` across bundles used to turn every unknown id into `500 internal:server`).
 * Raw HTTP so the body can be anything (malformed JSON, 9 MiB) and no Origin is added.
 */
interface Reply {
  status: number;
  code: string | undefined;
  body: string;
}

function call(method: string, path: string, body?: string | Buffer, contentType = "application/json"): Promise<Reply> {
  const url = new URL(test.info().project.use.baseURL!);
  const headers: Record<string, string> = { host: url.host, "x-loupe-token": E2E_TOKEN };
  if (body !== undefined) headers["content-type"] = contentType;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(url.port), path, method, headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        resolve({ status: res.statusCode ?? 0, code, body: text.slice(0, 500) });
      });
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e)));
    req.end(body);
  });
}

const expectError = async (reply: Promise<Reply>, status: number, code: string) => {
  const r = await reply;
  expect({ status: r.status, code: r.code }, r.body).toEqual({ status, code });
};

test("unknown ids are 404 with the route's own code", async () => {
  const conn = "demo-mcp";
  await expect.poll(async () => (await call("GET", `/api/connections/${conn}`)).status, { timeout: 60_000 }).toBe(200);
  await expectError(call("GET", "/api/connections/nope"), 404, "not_found:connection");
  const valid = { name: "x", transport: "http", url: "http://127.0.0.1:9/mcp", headers: {}, requestTimeoutMs: 1000 };
  await expectError(call("PATCH", "/api/connections/nope", JSON.stringify(valid)), 404, "not_found:connection");
  await expectError(call("DELETE", "/api/connections/nope"), 404, "not_found:connection");
  await expectError(call("GET", "/api/connections/nope/tools"), 404, "not_found:connection");
  await expectError(call("GET", "/api/connections/nope/traffic"), 404, "not_found:connection");
  await expectError(call("GET", `/api/connections/nope/calls`), 404, "not_found:connection");
  await expectError(call("GET", `/api/connections/${conn}/calls/nope`), 404, "not_found:call");
  await expectError(call("POST", `/api/connections/${conn}/calls/nope/cancel`, "{}"), 404, "not_found:call");
  await expectError(call("GET", `/api/connections/${conn}/tasks/nope`), 404, "not_found:task");
  await expectError(
    call("POST", `/api/connections/${conn}/requests/nope`, JSON.stringify({ action: "decline" })),
    404,
    "not_found:mcp_request",
  );
  await expectError(call("GET", "/api/agents/nope"), 404, "not_found:agent");
  await expectError(call("GET", "/api/agents/nope/apps/loupe_demo/sessions"), 404, "not_found:agent");
  await expectError(call("POST", "/api/agents/demo-agent/runs/nope/abort"), 404, "not_found:run");
  await expectError(call("POST", "/api/agents/demo-agent/answers/nope/retry"), 404, "not_found:answer");
  await expectError(call("GET", "/api/entries/999999999"), 404, "not_found:entry");
  // The demo agent server bundles its agents in the background: wait until it answers at all.
  await expect
    .poll(async () => (await call("GET", "/api/agents/demo-agent/apps/loupe_demo/sessions/nope")).status, { timeout: 60_000 })
    .toBe(404);
  await expectError(call("GET", "/api/agents/demo-agent/apps/loupe_demo/sessions/nope"), 404, "not_found:session");
});

test("malformed bodies, wrong content and bad query parameters are 400, never 5xx", async () => {
  await expectError(call("POST", "/api/connections", "{not json"), 400, "bad_request:json");
  await expectError(call("POST", "/api/connections", "hello", "text/plain"), 400, "bad_request:json");
  await expectError(call("POST", "/api/connections", "[1,2]"), 400, "bad_request:body");
  await expectError(call("POST", "/api/connections", JSON.stringify({ name: "x", transport: "carrier-pigeon" })), 400, "bad_request:body");
  await expectError(call("GET", "/api/entries/abc"), 400, "bad_request:params");
  await expectError(call("GET", "/api/connections/demo-mcp/traffic?limit=abc"), 400, "bad_request:query");
  await expectError(call("GET", "/api/stream?since=-4"), 400, "bad_request:query");
  // Next answers a plain 500 when it cannot decode a path segment into the route's params.
  await expectError(call("GET", "/api/connections/%C0"), 400, "bad_request:url");
  await expectError(call("POST", "/api/connections/demo%ZZ/connect", "{}"), 400, "bad_request:url");
  // Parsed fine, but storing or sending it would overflow the stack: refused up front.
  const deep = '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000);
  await expectError(
    call("POST", "/api/connections/demo-mcp/tools/call", `{"name":"echo","arguments":{"message":${deep}}}`),
    400,
    "bad_request:json",
  );
});

test("a body over 8 MiB is refused with 413 before it is read whole", async () => {
  const big = Buffer.alloc(9 * 1024 * 1024, "a");
  await expectError(call("POST", "/api/connections", big), 413, "too_large:body");
  // The limit is on the body, not the route: a normal body still works afterwards.
  await expectError(call("POST", "/api/connections", "{}"), 400, "bad_request:body");
});

test("an /api path no route serves is a JSON 404, and a method a route does not serve a JSON 405", async () => {
  // Before: Next's HTML 404 page and an empty 405.
  await expectError(call("GET", "/api/nope"), 404, "not_found:api_route");
  await expectError(call("POST", "/api/connections/demo-mcp/nothing-here", "{}"), 404, "not_found:api_route");
  await expectError(call("PUT", "/api/inbox", "{}"), 405, "bad_request:method");
  await expectError(call("DELETE", "/api/stream"), 405, "bad_request:method");
  // Routes still answer as before.
  expect((await call("GET", "/api/inbox")).status).toBe(200);
});
