import "server-only";
import { spawn } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { lookup } from "node:dns/promises";
import net from "node:net";
import path from "node:path";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionConfig, DiagnosisStep } from "@/lib/contracts/connections";
import { describeExit, describeNetworkError } from "@/lib/server/transports";

/**
 * The connection doctor: checks a connection step by step (spawn → initialize for stdio; dns →
 * tcp → http → auth → protocol for remote servers), each found in one plain sentence, and stops at
 * the first failing step. It probes independently of the SDK client, so it can name the layer a
 * connect attempt failed at (the official inspector's "opaque connection failures").
 */

type StdioConfig = Extract<ConnectionConfig, { transport: "stdio" }>;
type RemoteConfig = Exclude<ConnectionConfig, { transport: "stdio" }>;

const STEP_TIMEOUT_MS = 5_000;
const INIT_ID = "loupe-doctor-1";

export function initializeRequest() {
  return {
    jsonrpc: "2.0" as const,
    id: INIT_ID,
    method: "initialize",
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "loupe-doctor", version: "0.1.0" },
    },
  };
}

class Steps {
  readonly list: DiagnosisStep[] = [];
  add(step: DiagnosisStep["step"], ok: boolean, detail: string, started: number): boolean {
    this.list.push({ step, ok, detail, ms: Math.round(performance.now() - started) });
    return ok;
  }
}

export interface DiagnoseOptions {
  /** The stored OAuth access token of the connection, sent as the SDK would (else a 401 blames auth wrongly). */
  bearerToken?: string;
}

export async function diagnose(config: ConnectionConfig, opts: DiagnoseOptions = {}): Promise<DiagnosisStep[]> {
  return config.transport === "stdio" ? diagnoseStdio(config) : diagnoseRemote(config, opts);
}

// ---------------------------------------------------------------- stdio

async function isExecutable(file: string): Promise<"ok" | "missing" | "not_executable" | "directory"> {
  try {
    const s = await stat(file);
    if (s.isDirectory()) return "directory";
  } catch {
    return "missing";
  }
  try {
    await access(file, fsConstants.X_OK);
    return "ok";
  } catch {
    return "not_executable";
  }
}

/** Finds the command the way spawn() would: a path as is, a bare name on PATH. */
export async function resolveCommand(
  command: string,
  pathVar: string,
  cwd: string,
): Promise<{ file?: string; problem?: string }> {
  if (command.includes("/") || command.includes(path.sep)) {
    const file = path.resolve(cwd, command);
    const found = await isExecutable(file);
    if (found === "ok") return { file };
    if (found === "missing") return { problem: `The command ${quote(file)} does not exist` };
    if (found === "directory") return { problem: `The command ${quote(file)} is a directory, not a program` };
    return { problem: `The command ${quote(file)} is not executable (no execute permission)` };
  }
  const dirs = pathVar.split(path.delimiter).filter(Boolean);
  let notExecutable: string | undefined;
  for (const dir of dirs) {
    const file = path.join(dir, command);
    const found = await isExecutable(file);
    if (found === "ok") return { file };
    if (found === "not_executable") notExecutable ??= file;
  }
  if (notExecutable) return { problem: `${quote(notExecutable)} was found but is not executable (no execute permission)` };
  return { problem: `The command ${quote(command)} was not found on PATH (${dirs.length} directories searched)` };
}

interface StdioProbe {
  spawnError?: NodeJS.ErrnoException;
  pid?: number;
  answer?: unknown;
  unparsed: string[];
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string[];
  timedOut: boolean;
}

/** Starts the server once, writes initialize, reads stdout until an answer, an exit or the timeout. */
function probeStdio(config: StdioConfig, file: string, timeoutMs: number): Promise<StdioProbe> {
  const probe: StdioProbe = { unparsed: [], stderr: [], timedOut: false };
  return new Promise((resolve) => {
    const child = spawn(file, config.args, {
      cwd: config.cwd,
      env: { ...getDefaultEnvironment(), ...config.env } as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let done = false;
    let out = "";
    let err = "";
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) probe.stderr.push(...err.split(/\r?\n/).filter(Boolean));
      probe.stderr = probe.stderr.slice(-10);
      if (child.exitCode === null && child.signalCode === null && probe.pid !== undefined) {
        child.kill("SIGTERM");
        setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"), 1_000).unref();
      }
      resolve(probe);
    };
    const timer = setTimeout(() => {
      probe.timedOut = true;
      finish();
    }, timeoutMs);
    child.once("error", (error) => {
      probe.spawnError = error;
      finish();
    });
    child.once("spawn", () => {
      probe.pid = child.pid;
      child.stdin.on("error", () => undefined);
      child.stdin.write(`${JSON.stringify(initializeRequest())}\n`);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      const lines = out.split("\n");
      out = lines.pop() ?? "";
      for (const raw of lines) {
        const line = raw.replace(/\r$/, "");
        if (!line.trim()) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          probe.unparsed.push(line);
          continue;
        }
        if ((parsed as { id?: unknown })?.id === INIT_ID) {
          probe.answer = parsed;
          finish();
        }
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      err += chunk;
      if (err.length > 16_384) err = err.slice(-16_384);
    });
    child.once("exit", (code, signal) => {
      probe.exit = { code, signal };
      // Let the last stdout/stderr chunks land before judging.
      setTimeout(() => {
        if (out.trim()) probe.unparsed.push(out.trim());
        finish();
      }, 50);
    });
  });
}

async function diagnoseStdio(config: StdioConfig): Promise<DiagnosisStep[]> {
  const steps = new Steps();
  let started = performance.now();
  const cwd = config.cwd ?? process.cwd();
  if (config.cwd) {
    const dir = await stat(config.cwd).catch(() => null);
    if (!dir?.isDirectory()) {
      steps.add("spawn", false, `The working directory ${quote(config.cwd)} does not exist`, started);
      return steps.list;
    }
  }
  const pathVar = config.env.PATH ?? process.env.PATH ?? "";
  const resolved = await resolveCommand(config.command, pathVar, cwd);
  if (!resolved.file) {
    steps.add("spawn", false, resolved.problem!, started);
    return steps.list;
  }
  const probe = await probeStdio(config, resolved.file, Math.min(config.requestTimeoutMs, 10_000));
  if (probe.spawnError) {
    steps.add("spawn", false, `Starting ${quote(resolved.file)} failed: ${networkWords(probe.spawnError)}`, started);
    return steps.list;
  }
  const stderrTail = probe.stderr.length ? `; stderr ends with ${quote(probe.stderr.slice(-3).join(" ⏎ "))}` : "";
  if (probe.exit && probe.answer === undefined && probe.unparsed.length === 0) {
    steps.add("spawn", false, `${quote(resolved.file)} started but ${describeExit(probe.exit)} before answering${stderrTail}`, started);
    return steps.list;
  }
  steps.add("spawn", true, `The process started (pid ${probe.pid}): ${quote([resolved.file, ...config.args].join(" "))}`, started);
  started = performance.now();
  const garbage = probe.unparsed[0];
  if (probe.answer === undefined) {
    let detail: string;
    if (garbage !== undefined) {
      detail = `The server wrote a line to stdout that is not JSON (${quote(garbage)}): stdout is reserved for MCP messages, logs must go to stderr`;
    } else if (probe.exit) {
      detail = `The process ${describeExit(probe.exit)} before answering initialize${stderrTail}`;
    } else {
      detail = `No answer to initialize within ${Math.min(config.requestTimeoutMs, 10_000)} ms${stderrTail}`;
    }
    steps.add("initialize", false, detail, started);
    return steps.list;
  }
  const init = initializeAnswerStep(probe.answer);
  const note = garbage !== undefined ? `; but it also wrote non-JSON to stdout (${quote(garbage)})` : "";
  if (!steps.add("initialize", init.answered, init.answered ? `The server answered initialize${note}` : init.detail, started)) {
    return steps.list;
  }
  steps.add("protocol", init.ok, init.detail, started);
  return steps.list;
}

// ---------------------------------------------------------------- remote

async function diagnoseRemote(config: RemoteConfig, opts: DiagnoseOptions): Promise<DiagnosisStep[]> {
  const steps = new Steps();
  const url = new URL(config.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));

  let started = performance.now();
  let address = host;
  if (net.isIP(host)) {
    steps.add("dns", true, `${host} is an IP address; no name lookup needed`, started);
  } else {
    try {
      const found = await withTimeout(lookup(host, { all: true }), STEP_TIMEOUT_MS, "DNS lookup");
      address = found[0]!.address;
      steps.add("dns", true, `${host} resolves to ${found.map((a) => a.address).join(", ")}`, started);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const detail =
        code === "ENOTFOUND"
          ? `The name ${host} was not found (DNS: name not found)`
          : `Looking up ${host} failed: ${networkWords(error)}`;
      steps.add("dns", false, detail, started);
      return steps.list;
    }
  }

  started = performance.now();
  const tcp = await tcpConnect(address, port, STEP_TIMEOUT_MS);
  if (!steps.add("tcp", tcp.ok, tcp.detail, started)) return steps.list;

  started = performance.now();
  const answer = await httpProbe(config, opts.bearerToken);
  const http = classifyHttpAnswer(answer, config.transport, url.pathname);
  if (!steps.add("http", http.ok, http.detail, started)) return steps.list;

  started = performance.now();
  if ("status" in answer) {
    const auth = authStep(answer.status, answer.wwwAuthenticate, config.oauth?.enabled === true);
    if (!steps.add("auth", auth.ok, auth.detail, started)) return steps.list;
  }

  started = performance.now();
  steps.add("protocol", http.protocol.ok, http.protocol.detail, started);
  return steps.list;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`${what} timed out`), { code: "ETIMEDOUT" })), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

function tcpConnect(host: string, port: number, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const where = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
    const done = (ok: boolean, detail: string) => {
      socket.destroy();
      resolve({ ok, detail });
    };
    socket.setTimeout(timeoutMs, () =>
      done(false, `No answer from ${where} within ${timeoutMs / 1000} s (a firewall, or the wrong address?)`),
    );
    socket.once("connect", () => done(true, `A TCP connection to ${where} opened`));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") done(false, `Nothing is listening on ${where} (connection refused)`);
      else done(false, `Connecting to ${where} failed: ${networkWords(error)}`);
    });
  });
}

/** What the endpoint answered to initialize (or why there was no answer). */
export type HttpAnswer =
  | { error: string; tls: boolean }
  | {
      status: number;
      contentType: string;
      location?: string;
      wwwAuthenticate?: string;
      body: string;
      /** For a POST that failed with 4xx: a GET with Accept text/event-stream opened an event stream. */
      legacySse?: boolean;
    };

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/i;

async function httpProbe(config: RemoteConfig, bearerToken?: string): Promise<HttpAnswer> {
  const headers = new Headers(config.headers);
  if (bearerToken) headers.set("authorization", `Bearer ${bearerToken}`);
  let res: Response;
  try {
    if (config.transport === "sse") {
      headers.set("accept", "text/event-stream");
      res = await fetch(config.url, { method: "GET", headers, redirect: "manual", signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    } else {
      headers.set("content-type", "application/json");
      headers.set("accept", "application/json, text/event-stream");
      res = await fetch(config.url, {
        method: "POST",
        headers,
        body: JSON.stringify(initializeRequest()),
        redirect: "manual",
        signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
      });
    }
  } catch (error) {
    const code = String((error as { cause?: { code?: unknown } }).cause?.code ?? "");
    return { error: networkWords(error), tls: TLS_CODE.test(code) };
  }
  const contentType = res.headers.get("content-type") ?? "";
  const body = await readSome(res, contentType.includes("text/event-stream"));
  const answer: HttpAnswer = {
    status: res.status,
    contentType,
    location: res.headers.get("location") ?? undefined,
    wwwAuthenticate: res.headers.get("www-authenticate") ?? undefined,
    body,
  };
  // End the session the probe opened, politely.
  const session = res.headers.get("mcp-session-id");
  if (session && res.ok) {
    const del = new Headers(config.headers);
    del.set("mcp-session-id", session);
    void fetch(config.url, { method: "DELETE", headers: del, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) })
      .then((r) => r.body?.cancel())
      .catch(() => undefined);
  }
  if (config.transport === "http" && res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403) {
    answer.legacySse = await looksLikeLegacySse(config);
  }
  return answer;
}

/** Reads up to 64 KB (an event stream only until its first data line or 3 s). */
async function readSome(res: Response, eventStream: boolean): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 3_000;
  try {
    while (text.length < 65_536 && Date.now() < deadline) {
      const next = await withTimeout(reader.read(), Math.max(1, deadline - Date.now()), "reading").catch(() => null);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (eventStream && /^data: ?\S/m.test(text) && /\n\n|\r\n\r\n/.test(text.slice(text.search(/^data:/m)))) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text;
}

async function looksLikeLegacySse(config: RemoteConfig): Promise<boolean> {
  const headers = new Headers(config.headers);
  headers.set("accept", "text/event-stream");
  try {
    const res = await fetch(config.url, { method: "GET", headers, redirect: "manual", signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || !type.includes("text/event-stream")) {
      await res.body?.cancel();
      return false;
    }
    const body = await readSome(res, true);
    return /^event: ?endpoint/m.test(body);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- classification (pure)

/** A value quoted for a sentence, cut to a readable length. */
export function quote(value: string, max = 120): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}

const ERRNO_WORDS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOTDIR: "a path component is not a directory",
};

/** An errno or fetch error in words, with its code. */
export function networkWords(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && ERRNO_WORDS[code]) return `${ERRNO_WORDS[code]} (${code})`;
  if (typeof code === "string" && !(error as { cause?: unknown }).cause) {
    return describeNetworkError(Object.assign(new Error(code), { cause: error }));
  }
  return describeNetworkError(error);
}

export interface WwwAuthenticate {
  scheme: string;
  params: Record<string, string>;
}

/** `Bearer resource_metadata="…", scope="a b", error="insufficient_scope"` → scheme and params. */
export function parseWwwAuthenticate(header: string): WwwAuthenticate {
  const scheme = /^\s*([A-Za-z][\w-]*)/.exec(header)?.[1] ?? "";
  const params: Record<string, string> = {};
  const re = /([A-Za-z_][\w-]*)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const m of header.slice(scheme.length).matchAll(re)) {
    params[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? "").replace(/\\(.)/g, "$1");
  }
  return { scheme, params };
}

export interface StepVerdict {
  ok: boolean;
  detail: string;
}

export function authStep(status: number, wwwAuthenticate: string | undefined, oauthEnabled: boolean): StepVerdict {
  if (status === 401) {
    if (!wwwAuthenticate) {
      return { ok: false, detail: "HTTP 401 without a WWW-Authenticate header: the server wants credentials Loupe did not send (an API key header?)" };
    }
    const { scheme, params } = parseWwwAuthenticate(wwwAuthenticate);
    if (scheme.toLowerCase() !== "bearer") return { ok: false, detail: `HTTP 401: the server asks for ${scheme || "unknown"} authorization` };
    const parts = ["HTTP 401: the server needs OAuth"];
    if (params.resource_metadata) parts.push(`resource metadata at ${params.resource_metadata}`);
    if (params.scope) parts.push(`scope ${quote(params.scope)}`);
    if (params.error_description) parts.push(quote(params.error_description));
    parts.push(oauthEnabled ? "authorize in the Auth tab" : "turn on OAuth for this connection");
    return { ok: false, detail: parts.join("; ") };
  }
  if (status === 403) {
    const params = wwwAuthenticate ? parseWwwAuthenticate(wwwAuthenticate).params : {};
    if (params.error === "insufficient_scope") {
      const needs = params.scope ? ` (it needs scope ${quote(params.scope)})` : "";
      return { ok: false, detail: `HTTP 403 Forbidden: the token lacks a required scope${needs}` };
    }
    return { ok: false, detail: "HTTP 403 Forbidden: the server refused the credentials" };
  }
  return { ok: true, detail: "The server did not ask for authorization" };
}

export interface InitializeVerdict extends StepVerdict {
  /** The server answered initialize with a result (ok then says whether its version is supported). */
  answered: boolean;
}

/** Judges a JSON-RPC answer to initialize: error, garbage, or a protocol version Loupe supports or not. */
export function initializeAnswerStep(message: unknown): InitializeVerdict {
  const m = message as { jsonrpc?: unknown; result?: { protocolVersion?: unknown; serverInfo?: { name?: string; version?: string } }; error?: { code?: unknown; message?: unknown } } | null;
  if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") {
    return { answered: false, ok: false, detail: `The answer is not a JSON-RPC message: ${quote(JSON.stringify(message) ?? String(message))}` };
  }
  if (m.error) {
    return { answered: false, ok: false, detail: `The server answered initialize with error ${String(m.error.code)}: ${String(m.error.message)}` };
  }
  const version = m.result?.protocolVersion;
  if (typeof version !== "string") {
    return { answered: false, ok: false, detail: "The answer to initialize has no protocolVersion" };
  }
  const server = m.result?.serverInfo?.name ? ` by ${m.result.serverInfo.name} ${m.result.serverInfo.version ?? ""}`.trimEnd() : "";
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return {
      answered: true,
      ok: false,
      detail: `The server answered protocol version ${version}${server}, which Loupe's MCP SDK does not support (it supports ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    };
  }
  const offered = version === LATEST_PROTOCOL_VERSION ? "as offered" : `Loupe offered ${LATEST_PROTOCOL_VERSION}`;
  return { answered: true, ok: true, detail: `Protocol version ${version} agreed${server} (${offered})` };
}

export interface HttpVerdict extends StepVerdict {
  /** The protocol step that follows from the same answer. */
  protocol: StepVerdict;
}

const NOT_REACHED: StepVerdict = { ok: false, detail: "Not checked" };

/** The first JSON-RPC message of an event-stream body (its first `data:` event). */
export function firstSseData(body: string): unknown {
  for (const block of body.replace(/\r\n?/g, "\n").split("\n\n")) {
    const data = block
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data.trim()) continue;
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  }
  return undefined;
}

function mediaType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

/** Judges what a remote endpoint answered to the probe (POST initialize; GET for legacy SSE). */
export function classifyHttpAnswer(answer: HttpAnswer, transport: "http" | "sse", pathname: string): HttpVerdict {
  if ("error" in answer) {
    const detail = answer.tls ? `TLS error: ${answer.error}` : `The HTTP request failed: ${answer.error}`;
    return { ok: false, detail, protocol: NOT_REACHED };
  }
  const { status } = answer;
  const type = mediaType(answer.contentType);
  const snippet = quote(answer.body || "(empty body)", 100);
  const fail = (detail: string): HttpVerdict => ({ ok: false, detail, protocol: NOT_REACHED });
  if (status >= 300 && status < 400) {
    return fail(`HTTP ${status}: the server redirects to ${answer.location ?? "(no Location header)"}; use that URL instead`);
  }
  if (status === 401 || status === 403) {
    return { ok: true, detail: `HTTP ${status}: the endpoint answered and asks for authorization`, protocol: NOT_REACHED };
  }
  if (answer.legacySse) {
    return {
      ok: true,
      detail: `HTTP ${status} to POST, but a GET opens an event stream with an "endpoint" event`,
      protocol: { ok: false, detail: "This looks like a legacy SSE endpoint (the 2024-11-05 HTTP+SSE transport): choose the SSE transport" },
    };
  }
  const method = transport === "sse" ? "GET" : "POST";
  if (status === 404) return fail(`HTTP 404 Not Found: nothing answers at ${pathname} (check the path; MCP servers often use /mcp)`);
  if (status === 405) return fail(`HTTP 405 Method Not Allowed: the endpoint does not accept ${method}`);
  if (status >= 500) return fail(`HTTP ${status}: the server failed while answering (${snippet})`);
  if (status >= 400) return fail(`HTTP ${status}: the server refused the ${transport === "sse" ? "event stream request" : "initialize request"} (${snippet})`);
  if (type === "text/html") {
    return fail(`HTTP ${status}, but the answer is an HTML page, not JSON or an event stream: is this a web page rather than the MCP endpoint?`);
  }
  if (transport === "sse") {
    if (type !== "text/event-stream") return fail(`HTTP ${status} with content type ${answer.contentType || "(none)"}; an SSE endpoint answers text/event-stream`);
    const endpoint = /^event: ?endpoint/m.test(answer.body);
    return {
      ok: true,
      detail: `HTTP ${status}: an event stream opened`,
      protocol: endpoint
        ? { ok: true, detail: "The server announced its message endpoint (legacy HTTP+SSE transport)" }
        : { ok: false, detail: 'The event stream did not announce a message endpoint (no "endpoint" event within 3 s)' },
    };
  }
  let message: unknown;
  if (type === "application/json") {
    try {
      message = JSON.parse(answer.body);
    } catch {
      return fail(`HTTP ${status} says application/json but the body is not JSON (${snippet})`);
    }
  } else if (type === "text/event-stream") {
    message = firstSseData(answer.body);
  } else {
    return fail(`HTTP ${status} with content type ${answer.contentType || "(none)"}; MCP answers application/json or text/event-stream`);
  }
  const init = initializeAnswerStep(message);
  return { ok: true, detail: `HTTP ${status} (${type})`, protocol: init };
}
