/**
 * Fills one loupe_demo session with `events` events by sending `bulk N` (see bulk-agent.ts), for the
 * big-session view and benchmarks. Works against any running demo server (startAgentServer()).
 */
export interface BigSessionOptions {
  events?: number;
  userId?: string;
  sessionId?: string;
}

export interface BigSession {
  appName: "loupe_demo";
  userId: string;
  sessionId: string;
  /** Events stored in the session (the N bulk events + the user message + the transfer pair). */
  storedEvents: number;
}

export async function makeBigSession(serverUrl: string, options: BigSessionOptions = {}): Promise<BigSession> {
  const events = options.events ?? 10_000;
  const userId = options.userId ?? "u1";
  const base = `${serverUrl}/apps/loupe_demo/users/${userId}/sessions`;
  const created = await fetch(options.sessionId ? `${base}/${options.sessionId}` : base, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (!created.ok) throw new Error(`create session: ${created.status} ${await created.text()}`);
  const { id: sessionId } = (await created.json()) as { id: string };
  const run = await fetch(`${serverUrl}/run_sse`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      appName: "loupe_demo",
      userId,
      sessionId,
      newMessage: { role: "user", parts: [{ text: `bulk ${events}` }] },
    }),
  });
  if (!run.ok) throw new Error(`run_sse: ${run.status} ${await run.text()}`);
  await run.arrayBuffer(); // the run ends when the stream does
  const session = (await (await fetch(`${base}/${sessionId}`)).json()) as { events: unknown[] };
  return { appName: "loupe_demo", userId, sessionId, storedEvents: session.events.length };
}
