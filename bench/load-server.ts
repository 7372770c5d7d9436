import { existsSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import type { Registry } from "@/lib/server/mcp/registry";

let hooked = false;

/**
 * Loads Loupe's connection registry (lib/server/mcp/registry.ts) for benches that measure recording
 * overhead, or undefined while that module does not exist yet. Must be called after
 * LOUPE_DATA_DIR is set: the store opens its database on first use.
 *
 * `server-only`: registering bench/server-only-hook.mjs with module.register() chains in front of
 * tsx's own loader, so the dynamic import below sees an empty "server-only". No tsx flag,
 * NODE_OPTIONS or preload is needed; `npm run bench` (= `tsx bench/run.ts`) is enough.
 */
export async function loadRegistry(root: string): Promise<Registry | undefined> {
  const file = path.join(root, "lib/server/mcp/registry.ts");
  if (!existsSync(file)) return undefined;
  hookServerOnly();
  const mod = await import("@/lib/server/mcp/registry");
  return mod.getRegistry();
}

function hookServerOnly(): void {
  if (hooked) return;
  register(new URL("./server-only-hook.mjs", import.meta.url));
  hooked = true;
}

/**
 * Another lib/server module (e.g. `() => import("@/lib/server/mcp/resources")`). Import such
 * modules only this way, never statically: a static import runs before the server-only hook is
 * registered.
 */
export async function loadServerModule<T>(load: () => Promise<T>): Promise<T> {
  hookServerOnly();
  return load();
}
