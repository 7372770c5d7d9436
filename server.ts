/**
 * Loupe's launcher: parses the command line, binds 127.0.0.1, puts the security gate in front of
 * every request, and serves the Next app from the same process (so the connection registry, the
 * SQLite store and the SSE streams live in one place: DESIGN.md rule 1).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import path from "node:path";
import { CliError, parseArgs, type BootOptions } from "@/lib/launcher/cli";
import { logLine, logSafe } from "@/lib/log-text";
import { configuredDatabaseUrl, pgAddress } from "@/lib/server/sql/store-url";
import { expireLegacyCookies, FRAME_HEADERS, gate, gateUpgrade } from "@/lib/launcher/security";
import { healthKind, probeGlobalStore, serveHealth, type HealthState } from "@/lib/launcher/health";
import { isTapPath, serveTapHttp } from "@/lib/launcher/tap-gate";
import { isA2aPushPath, serveA2aPushHttp } from "@/lib/launcher/a2a-push-gate";
import { IDLE_OPEN_MS, installBootGate, installServingGate, startBoot } from "@/lib/launcher/serving";
import { earlyPage } from "@/lib/launcher/early-page";
import { jsonMethodNotAllowed } from "@/lib/launcher/api-defaults";
import { fastToolsCall, serveDirect, sharedGlobal } from "@/lib/launcher/direct-route";
import { errorMessage, isRecord } from "@/lib/values";
import { ACTOR_HEADER, LOCAL_ACTOR, type Actor } from "@/lib/contracts/people";
import { passActor, teamStep, type TeamServing } from "@/lib/launcher/team/serve";
import { teamSettings } from "@/lib/launcher/team/settings";
import { installClusterServing } from "@/lib/launcher/cluster-forward";
import { clusterLink } from "@/lib/launcher/cluster-link";
import { keepYoungGenerationSmall } from "@/lib/launcher/young-generation";

function fail(message: string): never {
  logLine(message);
  process.exit(2);
}

function unauthorizedPage(status: number, message: string): string {
  const hint =
    status === 401
      ? "Open the address Loupe printed in its terminal (<code>Loupe ready: http://127.0.0.1:…/?token=…</code>)."
      : "Loupe only answers requests addressed to 127.0.0.1 or localhost from its own pages.";
  return `<!doctype html><meta charset="utf-8"><title>Loupe: ${status}</title>
<body style="font:15px system-ui;margin:4rem auto;max-width:36rem;color:#222">
<h1 style="font-size:1.3rem">Loupe: ${status === 401 ? "token required" : "request refused"}</h1>
<p>${message.replace(/[<>&]/g, "")}.</p><p>${hint}</p></body>`;
}

function openBrowser(url: string) {
  const cmd = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  // Opening a browser is a convenience: any failure (no desktop, no opener) is ignored.
  const child = spawn(cmd, args, { stdio: "ignore", detached: true });
  child.on("error", () => {});
  child.unref();
}

/** Calls `closeAll()` of the shared object, if it has one; never rejects. */
function closeShared(name: string): Promise<unknown> | undefined {
  const shared = sharedGlobal(name);
  if (!isRecord(shared) || typeof shared.closeAll !== "function") return undefined;
  return Promise.resolve(shared.closeAll()).catch(() => undefined);
}

/**
 * Whether a request waits for boot (lib/launcher/serving.ts): the API answers from what boot
 * restores and starts (saved and command-line peers, the store); a page and its files do not.
 */
const needsBoot = (url: string): boolean => url.startsWith("/api/");

async function main() {
  // Before Next loads: its start-up and first page would grow the young generation for good (issue 22).
  keepYoungGenerationSmall();
  let opts: BootOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    fail(e instanceof CliError ? e.message : String(e));
  }
  // scripts/start.mjs runs a compiled copy of this file from .next/: it says where the repo is.
  const root = process.env.LOUPE_ROOT || path.dirname(new URL(import.meta.url).pathname);
  const token = process.env.LOUPE_TOKEN || randomBytes(32).toString("hex");
  // Bundle export masks this wherever it appears (lib/server/bundles/secrets.ts); not put in the
  // environment, which the processes Loupe spawns would inherit.
  Reflect.set(globalThis, Symbol.for("loupe.launchToken"), token);
  process.env.LOUPE_ROOT = root;
  process.env.LOUPE_DATA_DIR ||= path.join(homedir(), ".loupe");
  // Read now and taken out of the environment: the processes Loupe spawns must not inherit its password.
  const databaseUrl = configuredDatabaseUrl();
  process.env.LOUPE_BOOT = JSON.stringify(opts);
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(opts.host);
  if (!loopback)
    console.warn(
      `WARNING: binding ${logSafe(opts.host)}: Loupe can spawn processes; anyone who reaches this address and has the token controls them.`,
    );

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    fail(e.code === "EADDRINUSE" ? `Port ${opts.port} is in use: pick another with --port N` : `Cannot listen: ${e.message}`);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  process.env.LOUPE_PORT = String(port);

  // The demo peers wait until Loupe has answered (lib/launcher/serving.ts): installed before Next
  // runs instrumentation.ts, which starts them.
  const serving = installServingGate();
  installBootGate((error) => logLine("[loupe] boot failed:", errorMessage(error)));
  // The socket is open before Next is loaded (so the port is ours and the real one is known): the
  // page answers from the build meanwhile (lib/launcher/early-page.ts); other requests wait for Next.
  const early = opts.dev
    ? undefined
    : earlyPage(root, Object.keys(FRAME_HEADERS), (what, error) => logLine(`[loupe] early page: ${what}:`, errorMessage(error)));
  // A turn of the event loop before each of Next's long synchronous stretches (loading its server,
  // preparing it): a request already waiting gets the early page first.
  const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
  const nextApp = turn().then(async () => {
    const { default: next } = await import("next");
    await turn();
    const app = next({ dev: opts.dev, dir: root, hostname: "127.0.0.1", port });
    return { app, handle: app.getRequestHandler() };
  });
  const ready = nextApp.then(({ app }) => app.prepare());
  let prepared = false;
  // What the tap, the A2A webhook and the API wait for: Next, then boot (run once, on demand).
  const booted = (): Promise<void> => ready.then(startBoot);
  const extraHosts = loopback ? [] : [opts.host];
  // Team mode (issue 25): sign-in and roles after the local gate's checks (lib/launcher/team/).
  let team: TeamServing | undefined;
  if (opts.team) {
    try {
      team = { settings: teamSettings(process.env, port, opts.insecureHttp === true), token, booted };
    } catch (e) {
      fail(errorMessage(e));
    }
    process.env.LOUPE_TEAM = "1";
  }
  const teamGateOption = team ? { publicOrigin: team.settings.publicUrl.origin } : undefined;
  // What /readyz reports (lib/launcher/health.ts): Next prepared, then boot run (a probe asks for it).
  let phase: "starting" | "booting" | "serving" = "starting";
  void ready.then(() => {
    prepared = true;
    if (phase === "starting") phase = "booting";
  });
  const health: HealthState = {
    phase: () => {
      if (phase !== "starting") void booted().then(() => (phase = "serving"));
      return phase;
    },
    probeStore: probeGlobalStore,
  };

  // Several instances on one database (issue 25): what another instance holds is served there.
  const cluster = installClusterServing({ host: opts.host, port, token });
  const serve = (req: IncomingMessage, res: ServerResponse, actor: Actor, forwarded = false) => {
    passActor(req, actor);
    const held = () => !forwarded && cluster.forwardIfHeldElsewhere(req, res, actor);
    // The hottest API route skips Next's per-request pipeline once Next has loaded it (the same
    // handler, after the same gate): lib/server/fast-routes.ts.
    const direct = opts.dev ? undefined : fastToolsCall(req);
    if (direct) return void (held() || serveDirect(direct, req, res));
    const toNext = () =>
      void (needsBoot(req.url ?? "/") ? booted() : ready).then(() => nextApp).then(({ handle }) => (held() ? undefined : handle(req, res)));
    // Until Next is prepared, the page answers from the build (lib/launcher/early-page.ts); it does not
    // open the serving gate: the demos still wait for Next's first answer.
    if (!prepared && early?.serve(req, res, toNext)) return;
    res.once("finish", serving.open);
    jsonMethodNotAllowed(req, res);
    toNext();
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
    // Health and readiness: no token, no Host check (a platform's probe), nothing but the state.
    const probe = healthKind(req.url ?? "/");
    if (probe) return serveHealth(probe, req, res, health);
    // The MCP tap (/mcp/<tap id>): its own gate and key, never the login token (lib/launcher/tap-gate.ts).
    if (isTapPath(req.url ?? "")) return void serveTapHttp(req, res, { port, ready: booted() });
    // The A2A push webhook (/a2a-push/<id>): no login token; the per-task token instead (lib/launcher/a2a-push-gate.ts).
    if (isA2aPushPath(req.url ?? "")) return void serveA2aPushHttp(req, res, { port, ready: booted() });
    const stale = expireLegacyCookies(req.headers.cookie);
    if (stale.length) res.setHeader("Set-Cookie", stale);
    // Only the gate says who a request is: a header of that name from the client is dropped.
    delete req.headers[ACTOR_HEADER];
    const decision = gate(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers },
      { token, port, extraHosts, team: teamGateOption },
    );
    if (decision.action === "reject") {
      const wantsJson = (req.url ?? "").startsWith("/api/");
      res.writeHead(decision.status, { "Content-Type": wantsJson ? "application/json" : "text/html; charset=utf-8" });
      const code = decision.status === 401 ? "unauthorized:token" : decision.status === 400 ? "bad_request:url" : "forbidden:origin";
      res.end(
        wantsJson ? JSON.stringify({ error: { code, message: decision.message } }) : unauthorizedPage(decision.status, decision.message),
      );
      return;
    }
    // A request this instance sent itself for another instance runs as the person who asked there.
    const forwardedActor = cluster.forwardedActor(req);
    if (forwardedActor) return serve(req, res, forwardedActor, true);
    if (team) return void teamStep(req, res, team).then((actor) => actor && serve(req, res, actor));
    serve(req, res, LOCAL_ACTOR);
  });
  // Next adds its own `upgrade` listener on the first request (the dev server's HMR socket):
  // the check runs before every listener, so a refused socket never reaches Next.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === "upgrade") {
      const [req, socket] = args as [IncomingMessage, Socket];
      const decision = gateUpgrade({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers }, { token, port, extraHosts });
      if (decision.action === "reject") {
        socket.end(`HTTP/1.1 ${decision.status} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return true;
      }
    }
    return emit(event, ...args);
  }) as typeof server.emit;
  // "Loupe ready" and the browser as soon as the page answers: at once when this build's page is kept
  // (the early page; its scripts come from the build, its API calls wait for Next and boot), else once
  // Next is prepared (the first start of a build).
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    const url = `http://127.0.0.1:${port}/?token=${token}`;
    console.log(`Loupe ready: ${url}`);
    if (databaseUrl) console.log(`Store: PostgreSQL at ${pgAddress(databaseUrl)}`);
    if (team) console.log(`Team mode: people sign in at ${team.settings.publicUrl.origin}/ through ${logSafe(team.settings.issuer)}`);
    if (opts.open && !process.env.CI) openBrowser(url);
  };
  if (early && !early.needsRecord()) announce();
  await ready;
  announce();
  setTimeout(serving.open, IDLE_OPEN_MS).unref();
  // Boot once Loupe serves: after its first page, or IDLE_OPEN_MS after ready when nobody asks.
  void serving.opened.then(startBoot);
  // Once a build: keep Next's answer to `/` for the next starts (lib/launcher/early-page.ts).
  if (early?.needsRecord())
    void serving.opened
      .then(() => early.record(port))
      .catch((error: unknown) => logLine("[loupe] early page: the page record:", errorMessage(error)));

  let stopping = false;
  let stoppingAt = 0;
  const stop = () => {
    if (stopping) {
      // Under `npm start` one Ctrl-C arrives twice: from the terminal (same process group) and
      // forwarded by npm. Only a later one is the user's "do not wait".
      if (Date.now() - stoppingAt > 1_000) process.exit(1);
      return;
    }
    stopping = true;
    stoppingAt = Date.now();
    server.close();
    // taps.json loses its port and keys: a `loupe tap` started while Loupe is down must not send
    // a key to whatever takes the port next (lib/server/mcp/tap/store.ts; boot writes it again).
    try {
      const taps = sharedGlobal("loupe.taps");
      if (isRecord(taps) && typeof taps.markStopped === "function") taps.markStopped();
    } catch {
      // A data dir that cannot be written must not keep Loupe from stopping.
    }
    // The MCP apps sandbox listener (lib/server/mcp/apps/apps-sandbox.ts) goes with Loupe.
    const apps = sharedGlobal("loupe.appsSandbox");
    const sandbox = isRecord(apps) ? apps.sandbox : undefined;
    if (isRecord(sandbox) && typeof sandbox.close === "function") void Promise.resolve(sandbox.close()).catch(() => undefined);
    // Close every MCP session so stdio servers are ended by the SDK (stdin closed, then SIGTERM,
    // then SIGKILL): a server busy with a request or a task would otherwise outlive Loupe.
    // The registry lives on globalThis (lib/server/mcp/registry.ts), created by Next's instance.
    // The A2A registry (lib/server/a2a) aborts its open streams (recorded closed) rather than waiting on agents.
    // Then the cluster lets its leases go, so another instance takes them at once.
    const closed = Promise.all([closeShared("loupe.registry"), closeShared("loupe.a2a")]).then(() => clusterLink().stop?.());
    void Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 6_000))]).then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // The terminal Loupe runs in was closed: stop as for Ctrl-C (by default Node dies at once, and the
  // store's last few milliseconds of entries, lib/server/group-commit.ts, would be lost).
  process.on("SIGHUP", stop);
}

void main();
