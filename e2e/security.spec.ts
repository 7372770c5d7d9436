import { request as httpRequest } from "node:http";
import { E2E_TOKEN, expect, test } from "./fixtures";

/** Raw HTTP, because browsers and fetch() do not let a caller forge the Host header. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(url.port), path, headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("no token → 401, wrong token → 401, right token → 200", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  expect((await get("/api/connections", { host })).status).toBe(401);
  expect((await get("/api/connections", { host, "x-loupe-token": "wrong" })).status).toBe(401);
  const ok = await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN });
  expect(ok.status).toBe(200);
  expect(Array.isArray(JSON.parse(ok.body))).toBe(true);
  expect((await get("/", { host })).status).toBe(401);
});

test("a foreign Host or Origin → 403, even with the token", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  expect((await get("/api/connections", { host: "evil.example", "x-loupe-token": E2E_TOKEN })).status).toBe(403);
  expect((await get("/", { host: "evil.example" })).status).toBe(403);
  const origin = await get("/api/connections", { host, origin: "http://evil.example", "x-loupe-token": E2E_TOKEN });
  expect(origin.status).toBe(403);
});

test("the one-time URL sets the cookie and drops the token from the address bar", async ({ page }) => {
  await page.goto(`/?token=${E2E_TOKEN}`);
  await expect(page).not.toHaveURL(/token=/);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.value === E2E_TOKEN && c.httpOnly)).toBe(true);
});

test("secrets never come back from the API", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  const headers = { host, "x-loupe-token": E2E_TOKEN, "content-type": "application/json" };
  const created = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(host.split(":")[1]), path: "/api/connections", method: "POST", headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ name: "secretive", transport: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer sk-very-secret" } }));
  });
  expect(created.status).toBe(201);
  expect(created.body).not.toContain("sk-very-secret");
  const list = await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN });
  expect(list.body).not.toContain("sk-very-secret");
  expect(list.body).toContain("••••••");
});
