// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { get, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { isRecord } from "@/lib/values";

/**
 * Loupe's page before Next is prepared (issue 22). Preparing Next (its server code, the app's route
 * modules, the page's renderer) is most of a cold start, yet the page at `/` is prerendered at build
 * time: Next answers it with the same bytes on every request of a build. So once per build the
 * launcher asks itself for `/` through its gate and Next and keeps the answer (status, Next's headers,
 * body: `.next/cache/loupe-first-page.json`, tied to the build's id); on later starts, until Next is
 * prepared, it answers a plain `GET /` with it. The build's static files (`/_next/static/…`) are
 * served meanwhile by Next's own static handler with the header Next adds. Everything else (the API,
 * any request Next would answer differently: a conditional or range request, an RSC fetch, draft
 * mode, HEAD) waits for Next, as before. The security gate and the launcher's own headers come before
 * this, as before Next: nothing here sees a request the gate refused.
 */

/** The file of the recorded page, in Next's cache folder (`next build` keeps it). */
export const recordFile = (distDir: string): string => path.join(distDir, "cache", "loupe-first-page.json");

/** Headers of one connection or one request, never part of a recorded answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "set-cookie"]);
/** Request headers that change what Next answers for the same path (a 304, a 206, an RSC payload). */
const VARYING_REQUEST = [
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
  "rsc",
  "next-action",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-hmr-refresh",
  "x-nextjs-data",
];
/** Draft mode renders the page afresh: Next's own cookies for it. */
const DRAFT_COOKIE = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;
/** A recorded page larger than this is not kept (every resource bounded). */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/** A header as it came on the wire: name in its own case, value; in order, repeats kept. */
type HeaderPair = [string, string];

export interface PageRecord {
  buildId: string;
  status: number;
  /** The headers Next set (not the connection's, not the launcher's own). */
  headers: HeaderPair[];
  /** The body, base64: the very bytes Next sent. */
  body: string;
}

function isPageRecord(value: unknown): value is PageRecord {
  if (typeof value !== "object" || value === null) return false;
  const v: Partial<Record<keyof PageRecord, unknown>> = value;
  const pairs =
    Array.isArray(v.headers) && v.headers.every((h) => Array.isArray(h) && h.length === 2 && h.every((x) => typeof x === "string"));
  return typeof v.buildId === "string" && typeof v.status === "number" && typeof v.body === "string" && pairs;
}

/** The names a response's `Vary` headers list, lower-cased. */
function varyNames(headers: HeaderPair[]): string[] {
  return headers
    .filter(([name]) => name.toLowerCase() === "vary")
    .flatMap(([, value]) => value.split(","))
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Whether Next answers this request with the page it prerendered for `/`: a GET of `/` (any query
 * but Next's `_rsc`) with none of the headers that change its answer.
 */
export function isPlainPageRequest(req: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  if (req.method !== "GET") return false;
  const url = new URL(req.url ?? "/", "http://loupe.invalid");
  if (url.pathname !== "/" || url.searchParams.has("_rsc")) return false;
  if (VARYING_REQUEST.some((name) => req.headers[name] !== undefined)) return false;
  return !DRAFT_COOKIE.test(req.headers.cookie ?? "");
}

/** The build's static file a request names, when it is one that exists; else undefined. */
export function staticFilePath(staticDir: string, url: string | undefined): string | undefined {
  const pathname = (url ?? "").split("?")[0] ?? "";
  if (!pathname.startsWith("/_next/static/") || pathname.includes("%") || pathname.includes("\\")) return undefined;
  const rel = pathname.slice("/_next/static/".length);
  if (!rel || rel.split("/").some((part) => part === "" || part === "." || part === "..")) return undefined;
  const file = path.join(staticDir, rel);
  try {
    return statSync(file).isFile() ? rel : undefined;
  } catch {
    return undefined;
  }
}

export interface EarlyPage {
  /**
   * Answers the request before Next is prepared when it can (true), else leaves it untouched (false).
   * A static file that cannot be sent after all (gone meanwhile) goes to `toNext` with nothing written.
   */
  serve(req: IncomingMessage, res: ServerResponse, toNext: () => void): boolean;
  /** Whether this build's page is not kept yet. */
  needsRecord(): boolean;
  /** Asks Loupe on `port` for `/` (once Next is prepared) and keeps the answer for the next starts. */
  record(port: number): Promise<void>;
}

interface BuildFacts {
  buildId: string;
  generateEtags: boolean;
}

/** The build's id and the config facts the static handler needs; undefined where they do not fit. */
function buildFacts(distDir: string): BuildFacts | undefined {
  try {
    const buildId = readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
    const parsed: unknown = JSON.parse(readFileSync(path.join(distDir, "required-server-files.json"), "utf8"));
    const config: unknown = typeof parsed === "object" && parsed !== null && "config" in parsed ? parsed.config : undefined;
    if (typeof config !== "object" || config === null) return undefined;
    const field = (name: string): unknown => (name in config ? Reflect.get(config, name) : undefined);
    // A base path or an asset prefix moves the page and its files: not served early.
    if (field("basePath") || field("assetPrefix")) return undefined;
    return { buildId, generateEtags: field("generateEtags") !== false };
  } catch {
    return undefined;
  }
}

function readRecord(distDir: string, buildId: string): PageRecord | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(recordFile(distDir), "utf8"));
    return isPageRecord(value) && value.buildId === buildId ? value : undefined;
  } catch {
    return undefined;
  }
}

type ServeStatic = (req: IncomingMessage, res: ServerResponse, path: string, opts: { root: string; etag: boolean }) => Promise<unknown>;

/** What Next's router server sets on its static folder's files before `serveStatic` (production). */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Next's `serveStatic` (next/dist/server/serve-static: `send` with Next's MIME types), from the app's own Next. */
function nextServeStatic(root: string): ServeStatic {
  const mod: unknown = createRequire(path.join(root, "package.json"))("next/dist/server/serve-static");
  const fn: unknown = isRecord(mod) ? mod.serveStatic : undefined;
  if (typeof fn !== "function") throw new Error("next/dist/server/serve-static has no serveStatic");
  return (...args) => Promise.resolve(Reflect.apply(fn, undefined, args));
}

/** One plain `GET /` of Loupe itself, as a browser's first request would be (no token: the shell needs none). */
function getPage(port: number): Promise<{ status: number; headers: HeaderPair[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: "127.0.0.1", port, path: "/", headers: { accept: "text/html" }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_PAGE_BYTES) return void res.destroy(new Error("the page is larger than the record keeps"));
        chunks.push(chunk);
      });
      res.on("error", reject);
      res.on("end", () => {
        const headers: HeaderPair[] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
          if (name !== undefined && value !== undefined) headers.push([name, value]);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("timeout", () => req.destroy(new Error("Loupe did not answer its own page in time")));
    req.on("error", reject);
  });
}

/**
 * The early page of the build in `root/.next`, or undefined when there is no usable build.
 * `launcherHeaders`: the names of the headers the launcher sets on every answer itself (not recorded:
 * they are set afresh). `onError` hears a static file that failed.
 */
export function earlyPage(root: string, launcherHeaders: string[], onError: (what: string, error: unknown) => void): EarlyPage | undefined {
  const distDir = path.join(root, ".next");
  const facts = buildFacts(distDir);
  if (!facts) return undefined;
  let page = readRecord(distDir, facts.buildId);
  const skip = new Set(launcherHeaders.map((name) => name.toLowerCase()));
  const staticDir = path.join(distDir, "static");
  let serveStatic: ServeStatic | undefined;

  return {
    serve(req, res, toNext) {
      if (page && isPlainPageRequest(req) && !varyNames(page.headers).some((name) => req.headers[name] !== undefined)) {
        res.statusCode = page.status;
        const byName = new Map<string, { name: string; values: string[] }>();
        for (const [name, value] of page.headers) {
          const found = byName.get(name.toLowerCase());
          if (found) found.values.push(value);
          else byName.set(name.toLowerCase(), { name, values: [value] });
        }
        for (const { name, values } of byName.values()) res.setHeader(name, values.length === 1 ? (values[0] ?? "") : values);
        res.end(Buffer.from(page.body, "base64"));
        return true;
      }
      const method = req.method ?? "GET";
      const file = method === "GET" || method === "HEAD" ? staticFilePath(staticDir, req.url) : undefined;
      if (!file) return false;
      // Next's own handler for its static folder (router-server.ts: `serveStatic` with this header).
      try {
        serveStatic ??= nextServeStatic(root);
      } catch (error) {
        onError("Next's static handler", error);
        return false;
      }
      res.setHeader("Cache-Control", CACHE_CONTROL);
      serveStatic(req, res, `/${file}`, { root: staticDir, etag: facts.generateEtags }).catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        res.removeHeader("Cache-Control");
        onError(`static file ${file}`, error);
        toNext();
      });
      return true;
    },

    needsRecord: () => page === undefined,

    async record(port) {
      const answer = await getPage(port);
      const headers = answer.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()) && !skip.has(name.toLowerCase()));
      const type = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
      if (answer.status !== 200 || !type.startsWith("text/html")) return;
      const next: PageRecord = { buildId: facts.buildId, status: answer.status, headers, body: answer.body.toString("base64") };
      const file = recordFile(distDir);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(next));
      renameSync(`${file}.tmp`, file);
      page = next;
    },
  };
}
