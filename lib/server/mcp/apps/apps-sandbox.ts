import "server-only";
import { logLine } from "@/lib/log-text";
import { startAppsSandbox, type AppsSandbox } from "@/lib/server/mcp/apps/sandbox-server";

/** What the page needs to embed an app: the sandbox's origin, or why there is none. */
export type AppsSandboxInfo = { origin: string; port: number } | { error: string };

// On globalThis (like the registry): the launcher stops it by this symbol, and a second route
// bundle must find the same listener.
const KEY = Symbol.for("loupe.appsSandbox");
type Slot = { sandbox?: AppsSandbox; error?: string; starting?: Promise<void> };
const g = globalThis as typeof globalThis & { [KEY]?: Slot };

/** Loupe's own page origins, from the port the launcher bound and LOUPE_PUBLIC_URL. */
export function loupeOrigins(): string[] {
  const port = process.env.LOUPE_PORT;
  const out = port ? [`http://127.0.0.1:${port}`, `http://localhost:${port}`] : [];
  try {
    if (process.env.LOUPE_PUBLIC_URL) out.push(new URL(process.env.LOUPE_PUBLIC_URL).origin);
  } catch {
    // A malformed public URL only means no extra origin.
  }
  return out;
}

/** LOUPE_APPS_PORT, or 0 (an ephemeral port); a bad value is reported, not guessed at. */
export function appsPortFromEnv(value = process.env.LOUPE_APPS_PORT): number | string {
  if (value === undefined || value === "") return 0;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : `LOUPE_APPS_PORT must be a port number (0–65535), not "${value}"`;
}

/** Started by boot(); Loupe runs on without apps when the port cannot be had. */
export function startAppsHost(): Promise<void> {
  const slot = (g[KEY] ??= {});
  if (slot.sandbox || slot.starting) return slot.starting ?? Promise.resolve();
  const port = appsPortFromEnv();
  if (typeof port === "string") {
    slot.error = port;
    logLine(`[loupe] MCP apps are off: ${port}`);
    return Promise.resolve();
  }
  slot.starting = startAppsSandbox({ port, parentOrigins: loupeOrigins })
    .then((sandbox) => {
      slot.sandbox = sandbox;
    })
    .catch((e: NodeJS.ErrnoException) => {
      slot.error = e.code === "EADDRINUSE" ? `port ${port} (LOUPE_APPS_PORT) is in use` : `the apps listener did not start: ${e.message}`;
      logLine(`[loupe] MCP apps are off: ${slot.error}`);
    });
  return slot.starting;
}

export async function appsSandboxInfo(): Promise<AppsSandboxInfo> {
  const slot = g[KEY];
  await slot?.starting;
  if (slot?.sandbox) return { origin: slot.sandbox.origin, port: slot.sandbox.port };
  return { error: slot?.error ?? "The apps listener is not running (Loupe was not started by its launcher)" };
}

/** Called when Loupe stops. */
export async function stopAppsHost(): Promise<void> {
  const slot = g[KEY];
  const sandbox = slot?.sandbox;
  if (slot) g[KEY] = undefined;
  await sandbox?.close();
}
