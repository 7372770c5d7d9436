// Which app an agent server opens on is pure (defaultApp in lib/workbench/adk.ts); the choice it
// remembers per server lives in the browser's storage, here.
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
