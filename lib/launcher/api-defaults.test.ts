import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonMethodNotAllowed } from "@/lib/launcher/api-defaults";

/** A server ending responses the way Next does for a method a route does not export: status 405, no body. */
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    jsonMethodNotAllowed(req, res);
    if (req.url?.endsWith("/ok")) return void res.writeHead(200, { "content-type": "text/plain" }).end("fine");
    res.statusCode = 405;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("an API method no route serves", () => {
  it("is a JSON 405 with its own code, not an empty body", async () => {
    const res = await fetch(`${base}/api/inbox?x=1`, { method: "PUT" });
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ error: { code: "bad_request:method", message: "PUT is not served at /api/inbox" } });
  });

  it("leaves other answers and other paths as they are", async () => {
    expect(await (await fetch(`${base}/api/ok`)).text()).toBe("fine");
    const page = await fetch(`${base}/not-api`, { method: "PUT" });
    expect(page.status).toBe(405);
    expect(await page.text()).toBe("");
  });
});
