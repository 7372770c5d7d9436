import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { earlyPage, isPlainPageRequest, recordFile, staticFilePath, type EarlyPage } from "./early-page";

const REPO = path.resolve(import.meta.dirname, "../..");
const PAGE = "<!DOCTYPE html><html><body>Loupe’s shell</body></html>";
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

/** A folder laid out as a built app: .next/BUILD_ID, the serialized config, one static chunk; Next from the repo. */
function builtApp(buildId = "build-1", config: Record<string, unknown> = { basePath: "", generateEtags: true }): string {
  const root = mkdtempSync(path.join(tmpdir(), "loupe-early-"));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, ".next/static/chunks"), { recursive: true });
  writeFileSync(path.join(root, ".next/BUILD_ID"), buildId);
  writeFileSync(path.join(root, ".next/required-server-files.json"), JSON.stringify({ version: 1, config }));
  writeFileSync(path.join(root, ".next/static/chunks/main-abc.js"), "console.log('chunk');\n");
  writeFileSync(path.join(root, "package.json"), "{}");
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"));
  return root;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => server.close());
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** Stands in for the launcher: its own frame header, then Next (`next`) or the early page. */
function launcher(early: () => EarlyPage | undefined, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("X-Frame-Options", "DENY");
    if (early()?.serve(req, res, () => next(req, res))) return;
    next(req, res);
  };
}

/** What Next answers for `/`: its prerendered page with its own headers. */
function nextPage(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.split("?")[0] !== "/") return void res.writeHead(404).end("next: not found");
  res.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  res.setHeader("x-nextjs-cache", "HIT");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(PAGE);
}

function fetchRaw(port: number, url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const withoutDate = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));

describe("isPlainPageRequest (what Next answers with its prerendered page)", () => {
  const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });
  it("a GET of / with any query but _rsc, and ordinary headers", () => {
    expect(isPlainPageRequest(req("/?token=abc", { "x-loupe-token": "abc", accept: "text/html", cookie: "a=1" }))).toBe(true);
    expect(isPlainPageRequest(req("/"))).toBe(true);
  });
  it("not another path, HEAD, an RSC fetch, a conditional or range request, draft mode", () => {
    expect(isPlainPageRequest(req("/api/connections"))).toBe(false);
    expect(isPlainPageRequest(req("/", {}, "HEAD"))).toBe(false);
    expect(isPlainPageRequest(req("/?_rsc=1x2y"))).toBe(false);
    expect(isPlainPageRequest(req("/", { rsc: "1" }))).toBe(false);
    expect(isPlainPageRequest(req("/", { "if-none-match": '"x"' }))).toBe(false);
    expect(isPlainPageRequest(req("/", { range: "bytes=0-1" }))).toBe(false);
    expect(isPlainPageRequest(req("/", { cookie: "a=1; __prerender_bypass=x" }))).toBe(false);
  });
});

describe("staticFilePath", () => {
  it("names an existing file of the build's static folder, nothing else", () => {
    const dir = path.join(builtApp(), ".next/static");
    expect(staticFilePath(dir, "/_next/static/chunks/main-abc.js?dpl=1")).toBe("chunks/main-abc.js");
    expect(staticFilePath(dir, "/_next/static/chunks/missing.js")).toBeUndefined();
    expect(staticFilePath(dir, "/_next/static/chunks")).toBeUndefined();
    expect(staticFilePath(dir, "/_next/static/../BUILD_ID")).toBeUndefined();
    expect(staticFilePath(dir, "/_next/static/chunks/%2e%2e/main-abc.js")).toBeUndefined();
    expect(staticFilePath(dir, "/_next/image?url=x")).toBeUndefined();
  });
});

describe("earlyPage", () => {
  it("records Next's answer to / through the launcher, then answers with the same status, headers and bytes", async () => {
    const root = builtApp();
    let early = earlyPage(root, ["X-Frame-Options"], () => {});
    expect(early?.needsRecord()).toBe(true);
    const port = await listen(launcher(() => early, nextPage));
    // Before a record, / goes to Next.
    const fromNext = await fetchRaw(port, "/?token=t", { "x-loupe-token": "t" });
    await early!.record(port);
    const kept: unknown = JSON.parse(readFileSync(recordFile(path.join(root, ".next")), "utf8"));
    expect(JSON.stringify(kept)).not.toContain("X-Frame-Options"); // the launcher's own header is set afresh
    expect(JSON.stringify(kept)).not.toContain('"Date"');
    // A later start: the record is read back and answers without Next.
    early = earlyPage(root, ["X-Frame-Options"], () => {});
    expect(early?.needsRecord()).toBe(false);
    let nextCalls = 0;
    const port2 = await listen(
      launcher(
        () => early,
        (req, res) => (nextCalls++, nextPage(req, res)),
      ),
    );
    const fromEarly = await fetchRaw(port2, "/?token=t", { "x-loupe-token": "t" });
    expect(nextCalls).toBe(0);
    expect(fromEarly.status).toBe(200);
    expect(fromEarly.body).toBe(fromNext.body);
    expect(withoutDate(fromEarly.headers)).toEqual(withoutDate(fromNext.headers));
    // Requests Next answers otherwise still go to Next.
    await fetchRaw(port2, "/", { rsc: "1" });
    await fetchRaw(port2, "/", { "if-none-match": '"abc"' });
    await fetchRaw(port2, "/api/connections");
    expect(nextCalls).toBe(3);
  });

  it("a record of another build is not served", async () => {
    const root = builtApp("build-1");
    const first = earlyPage(root, [], () => {});
    await first!.record(await listen(nextPage));
    writeFileSync(path.join(root, ".next/BUILD_ID"), "build-2");
    const later = earlyPage(root, [], () => {});
    expect(later?.needsRecord()).toBe(true);
    let nextCalls = 0;
    const port = await listen(
      launcher(
        () => later,
        (req, res) => (nextCalls++, nextPage(req, res)),
      ),
    );
    expect((await fetchRaw(port, "/")).status).toBe(200);
    expect(nextCalls).toBe(1);
  });

  it("no early page without a build, or with a base path", () => {
    const bare = mkdtempSync(path.join(tmpdir(), "loupe-early-none-"));
    cleanup.push(() => rmSync(bare, { recursive: true, force: true }));
    expect(earlyPage(bare, [], () => {})).toBeUndefined();
    expect(earlyPage(builtApp("b", { basePath: "/loupe" }), [], () => {})).toBeUndefined();
  });

  it("serves the build's static files with Next's serveStatic and its immutable cache header; others go to Next", async () => {
    const root = builtApp();
    const early = earlyPage(root, [], () => {});
    let nextCalls = 0;
    const port = await listen(
      launcher(
        () => early,
        (req, res) => (nextCalls++, nextPage(req, res)),
      ),
    );
    const chunk = await fetchRaw(port, "/_next/static/chunks/main-abc.js");
    expect(chunk.status).toBe(200);
    expect(chunk.body).toBe("console.log('chunk');\n");
    expect(chunk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(chunk.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(chunk.headers.etag).toBeTruthy();
    const head = await fetchRaw(port, "/_next/static/chunks/main-abc.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect((await fetchRaw(port, "/_next/static/chunks/other.js")).body).toBe("next: not found");
    expect(nextCalls).toBe(1);
  });
});
