import "server-only";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { getHub } from "@/lib/server/hub";

/**
 * A2A agents (issue 11 §2): registry.ts holds the saved agents, their tasks, human requests and
 * push webhooks; card.ts fetches and checks agent cards; wire.ts records every frame the SDK
 * client sends and receives.
 */
export { A2aRegistry } from "@/lib/server/a2a/registry";
export type { A2aBuiltinInput } from "@/lib/server/a2a/registry";

const A2A_KEY = Symbol.for("loupe.a2a");
type A2aGlobal = typeof globalThis & { [A2A_KEY]?: A2aRegistry };

const PUSH_ENDPOINT_KEY = Symbol.for("loupe.a2aPushEndpoint");
type PushGlobal = typeof globalThis & {
  [PUSH_ENDPOINT_KEY]?: (pushId: string, headers: Record<string, string>, body: string) => { status: number; message: string };
};

/**
 * The process-wide A2A registry (on globalThis: survives dev hot reload, shared by every route
 * bundle). Creating it installs the push webhook handler the launcher serves (lib/launcher/a2a-push-gate.ts).
 */
export function getA2a(): A2aRegistry {
  const g = globalThis as A2aGlobal & PushGlobal;
  if (!g[A2A_KEY]) {
    const registry = new A2aRegistry(getHub());
    g[A2A_KEY] = registry;
    g[PUSH_ENDPOINT_KEY] = (pushId, headers, body) => registry.receivePush(pushId, headers, body);
  }
  return g[A2A_KEY];
}
