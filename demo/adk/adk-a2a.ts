/**
 * The demo ADK agents served over A2A by ADK JS's own A2A support: `adk api_server --a2a` mounts
 * every app with `toA2a` (@google/adk `a2a`, built on the nested @a2a-js/sdk 0.3.x, i.e. the v0.3
 * wire) at `/a2a/<app>`: card at `/a2a/<app>/.well-known/agent-card.json`, JSON-RPC at
 * `/a2a/<app>/jsonrpc`, HTTP+JSON at `/a2a/<app>/rest`. What ADK maps its pauses to is written up
 * in docs/ARCHITECTURE.md ("A2A peers") and pinned by tests/integration/a2a-adk-mapping.test.ts.
 */
import { startAgentServer } from "./start-agent-server";
import type { AgentServer, StartAgentServerOptions } from "./start-agent-server";

/** The app `npm start` pre-connects as the builtin "demo-adk-a2a" agent. */
export const ADK_A2A_APP = "loupe_demo";

export const adkA2aUrl = (serverUrl: string, app = ADK_A2A_APP): string => `${serverUrl}/a2a/${app}`;
export const adkA2aCardUrl = (serverUrl: string, app = ADK_A2A_APP): string => `${adkA2aUrl(serverUrl, app)}/.well-known/agent-card.json`;

/**
 * api_server mounts the A2A routes only after it listens (and after it has bundled every app), so
 * /health answers before the cards exist: wait for the card itself.
 */
export async function waitForAdkA2aCard(serverUrl: string, app = ADK_A2A_APP, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(adkA2aCardUrl(serverUrl, app), { signal: AbortSignal.timeout(2000) });
      if (res.ok) return void (await res.arrayBuffer());
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`ADK's A2A card for ${app} did not appear within ${timeoutMs} ms (${last})`);
}

/** `startAgentServer` with `--a2a`, resolved once the app's A2A card is served. */
export async function startAdkA2aServer(options: StartAgentServerOptions = {}): Promise<AgentServer> {
  const server = await startAgentServer({ ...options, a2a: true });
  try {
    await waitForAdkA2aCard(server.url, ADK_A2A_APP, options.timeoutMs ?? 60_000);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return server;
}
