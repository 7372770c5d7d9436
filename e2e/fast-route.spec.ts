import { request as httpRequest } from "node:http";
import { E2E_TOKEN, expect, test } from "./fixtures";

/**
 * POST /api/connections/:id/tools/call is answered by the launcher calling the route's own handler
 * once Next has loaded the route (lib/server/fast-routes.ts): the same answers, errors and gate as
 * through Next, against the BUILT app and the real demo server.
 */
interface Reply {
  status: number;
  direct: boolean;
  json: { status?: string; tool?: string; result?: { content?: { text?: string }[] }; error?: { code?: string } };
}

function post(path: string, body: string, token = E2E_TOKEN): Promise<Reply> {
  const url = new URL(test.info().project.use.baseURL!);
  const headers = { host: url.host, "x-loupe-token": token, "content-type": "application/json" };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(url.port), path, method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, direct: res.headers["x-loupe-direct"] === "1", json: JSON.parse(text) as Reply["json"] }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("tools/call answers the same through Next and directly, errors and the token check included", async () => {
  const route = "/api/connections/demo-mcp/tools/call";
  const call = JSON.stringify({ name: "download-report", arguments: { megabytes: 1 / 1024 } });
  // The demo server connects at boot; until then the call is refused as not connected.
  await expect.poll(async () => (await post(route, call)).status, { timeout: 60_000 }).toBe(200);

  const replies = [await post(route, call), await post(route, call)];
  for (const r of replies) {
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "ok", tool: "download-report" });
    expect(r.json.result?.content?.[0]?.text).toHaveLength(1024);
  }
  // Next has loaded the route by now: the launcher answers directly.
  expect(replies[1]!.direct).toBe(true);

  const bad = await post(route, "{not json");
  expect({ status: bad.status, code: bad.json.error?.code, direct: bad.direct }).toEqual({
    status: 400,
    code: "bad_request:json",
    direct: true,
  });
  const unknown = await post("/api/connections/nope/tools/call", call);
  expect({ status: unknown.status, code: unknown.json.error?.code }).toEqual({ status: 404, code: "not_found:connection" });
  // The gate runs before either path.
  const stranger = await post(route, call, "wrong-token");
  expect({ status: stranger.status, code: stranger.json.error?.code, direct: stranger.direct }).toEqual({
    status: 401,
    code: "unauthorized:token",
    direct: false,
  });
});
