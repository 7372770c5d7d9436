/**
 * "Loupe is serving": opened by the launcher (server.ts) once Loupe has answered its first request
 * through Next, or `IDLE_OPEN_MS` after it is ready when nobody asks. The demo peers wait on it
 * (demo/peers.ts, lib/server/mcp/adapter.ts), so their start-up (a dozen seconds of CPU on 2 cores)
 * never competes with Loupe's own first answer (issue 22). Shared through globalThis: the launcher
 * and Next's bundles are separate module graphs in one process.
 */

/** With no request after ready, the demos start after this long anyway. */
export const IDLE_OPEN_MS = 1_000;

interface Gate {
  opened: Promise<void>;
  open(): void;
}

const KEY = Symbol.for("loupe.serving");

function isGate(value: unknown): value is Gate {
  return typeof value === "object" && value !== null && "opened" in value && value.opened instanceof Promise && "open" in value;
}

function existing(): Gate | undefined {
  const value: unknown = Reflect.get(globalThis, KEY);
  return isGate(value) ? value : undefined;
}

/** Installs the gate (the launcher, before Next starts): from now on `whenServing()` waits for `open()`. */
export function installServingGate(): Gate {
  const found = existing();
  if (found) return found;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate: Gate = { opened, open: () => open() };
  Reflect.set(globalThis, KEY, gate);
  return gate;
}

/**
 * Resolves once Loupe serves. Without a launcher (tests that call boot() themselves, a script) there
 * is nothing to wait for: it resolves at once.
 */
export function whenServing(): Promise<void> {
  return existing()?.opened ?? Promise.resolve();
}

/**
 * Boot after the first page (issue 22). Next awaits `register()` (instrumentation.ts) before it
 * answers anything, and boot loads every protocol's server code and opens the store: about half of
 * a cold start. Where the launcher installed this gate, `register()` hands boot over instead of
 * running it (`deferBoot`), and the launcher runs it once (`startBoot`): when Loupe serves (the gate
 * above opens) or when a request that needs it (an /api call, the tap, an A2A push) arrives first,
 * which then waits for it. A page and its static files never wait for it.
 */
interface BootGate {
  /** What a failed boot does (the launcher logs it): requests go on with what there is. */
  onError: (error: unknown) => void;
  run?: () => Promise<void>;
  /** The launcher asked for boot before `register()` handed it over: it runs as soon as it is. */
  wanted: boolean;
  booted?: Promise<void>;
}

const BOOT_KEY = Symbol.for("loupe.bootGate");

function isBootGate(value: unknown): value is BootGate {
  return typeof value === "object" && value !== null && "wanted" in value && "onError" in value && typeof value.onError === "function";
}

function bootGate(): BootGate | undefined {
  const value: unknown = Reflect.get(globalThis, BOOT_KEY);
  return isBootGate(value) ? value : undefined;
}

/** Starts the handed-over boot once (nothing before it is handed over). */
function run(gate: BootGate): Promise<void> {
  const boot = gate.run;
  if (!boot) return Promise.resolve();
  gate.booted ??= Promise.resolve()
    .then(() => boot())
    .catch(gate.onError);
  return gate.booted;
}

/** Installs the boot gate (the launcher, before Next starts). */
export function installBootGate(onError: (error: unknown) => void): void {
  if (!bootGate()) Reflect.set(globalThis, BOOT_KEY, { onError, wanted: false } satisfies BootGate);
}

/** `register()` hands its boot over: true when a launcher will run it, false when the caller must (no launcher). */
export function deferBoot(boot: () => Promise<void>): boolean {
  const gate = bootGate();
  if (!gate) return false;
  gate.run = boot;
  if (gate.wanted) void run(gate);
  return true;
}

/**
 * Runs the handed-over boot once; every call answers the same promise, which never rejects. Before
 * anything was handed over (no instrumentation, or Next runs it later) there is nothing to wait for:
 * it answers at once, and the boot runs as soon as it is handed over.
 */
export function startBoot(): Promise<void> {
  const gate = bootGate();
  if (!gate) return Promise.resolve();
  gate.wanted = true;
  return run(gate);
}
