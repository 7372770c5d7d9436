/** The bundled demo app: the one a first-time user is meant to land on. */
export const DEMO_APP = "loupe_demo";

/**
 * The app an agent server opens on when the URL names none: the demo app when the server has it,
 * else the app the user last chose on this server (if still listed), else the first listed.
 */
export function defaultApp(apps: readonly string[], remembered: string | null): string | null {
  if (apps.includes(DEMO_APP)) return DEMO_APP;
  if (remembered && apps.includes(remembered)) return remembered;
  return apps[0] ?? null;
}

// The app last chosen per agent server, for servers without the demo app (best effort: storage may be off).
const appKey = (agentId: string) => `loupe:app:${agentId}`;

export function readRememberedApp(agentId: string): string | null {
  try {
    return window.localStorage.getItem(appKey(agentId));
  } catch {
    return null;
  }
}

export function rememberApp(agentId: string, app: string): void {
  try {
    window.localStorage.setItem(appKey(agentId), app);
  } catch {
    /* storage disabled: the default stays the first app */
  }
}
