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
