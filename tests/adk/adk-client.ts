/**
 * A small client for the real `adk api_server`, used by the demo-agent tests. SSE bodies go through
 * the product parser (lib/protocols/adk/sse.ts) so these tests also exercise it against live output.
 */
import { parseSseBody } from "@/lib/protocols/adk/sse";

export interface WireFunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}
export interface WireFunctionResponse {
  id?: string;
  name: string;
  response?: Record<string, unknown>;
}
export interface WirePart {
  text?: string;
  thought?: boolean;
  functionCall?: WireFunctionCall;
  functionResponse?: WireFunctionResponse;
}
/** The fields of a JS ADK event the tests read (adk.md §4). */
export interface WireEvent {
  id: string;
  invocationId: string;
  author: string;
  timestamp: number;
  partial?: boolean;
  content?: { role?: string; parts?: WirePart[] };
  actions: {
    stateDelta: Record<string, unknown>;
    artifactDelta: Record<string, number>;
    requestedAuthConfigs: Record<string, unknown>;
    requestedToolConfirmations: Record<string, unknown>;
    transferToAgent?: string;
    skipSummarization?: boolean;
  };
  longRunningToolIds?: string[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number };
  modelVersion?: string;
  errorCode?: string;
  errorMessage?: string;
  isCompacted?: boolean;
  compactedContent?: string;
  output?: unknown;
  nodeInfo?: { path?: string };
}

export interface RunResult {
  events: WireEvent[];
  errors: string[];
}

export interface Message {
  role: "user";
  parts: Array<{ text: string } | { functionResponse: { id: string; name: string; response: unknown } }>;
}

export const text = (t: string): Message => ({ role: "user", parts: [{ text: t }] });
export const answer = (id: string, name: string, response: unknown): Message => ({
  role: "user",
  parts: [{ functionResponse: { id, name, response } }],
});

export const callsOf = (e: WireEvent): WireFunctionCall[] =>
  (e.content?.parts ?? []).flatMap((p) => (p.functionCall ? [p.functionCall] : []));
export const responsesOf = (e: WireEvent): WireFunctionResponse[] =>
  (e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
export const textOf = (e: WireEvent): string =>
  (e.content?.parts ?? [])
    .filter((p) => p.text && !p.thought)
    .map((p) => p.text)
    .join("");

/** The single call named `name` in the events (fails loudly if missing). */
export function findCall(events: WireEvent[], name: string): { event: WireEvent; call: WireFunctionCall & { id: string } } {
  for (const event of events) {
    for (const call of callsOf(event)) if (call.name === name && call.id) return { event, call: { ...call, id: call.id } };
  }
  throw new Error(`no ${name} call in ${events.length} events: ${JSON.stringify(events.map(textOf))}`);
}

export function findResponse(events: WireEvent[], id: string): { event: WireEvent; response: WireFunctionResponse } {
  for (const event of events) {
    for (const response of responsesOf(event)) if (response.id === id) return { event, response };
  }
  throw new Error(`no response for ${id}`);
}

export class AdkTestClient {
  constructor(
    readonly url: string,
    readonly appName: string,
    readonly userId = "u1",
  ) {}

  private sessionUrl(sessionId: string): string {
    return `${this.url}/apps/${this.appName}/users/${this.userId}/sessions/${sessionId}`;
  }

  async createSession(sessionId: string, state?: Record<string, unknown>): Promise<{ id: string; state: Record<string, unknown> }> {
    const res = await fetch(this.sessionUrl(sessionId), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(state ? { state } : {}),
    });
    if (!res.ok) throw new Error(`create session ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string; state: Record<string, unknown> };
  }

  async getSession(sessionId: string): Promise<{ state: Record<string, unknown>; events: WireEvent[] }> {
    const res = await fetch(this.sessionUrl(sessionId));
    if (!res.ok) throw new Error(`get session ${res.status}`);
    return (await res.json()) as { state: Record<string, unknown>; events: WireEvent[] };
  }

  async artifact(sessionId: string, name: string): Promise<{ inlineData?: { mimeType: string; data: string } }> {
    const res = await fetch(`${this.sessionUrl(sessionId)}/artifacts/${encodeURIComponent(name)}`);
    if (!res.ok) throw new Error(`artifact ${name}: ${res.status}`);
    return (await res.json()) as { inlineData?: { mimeType: string; data: string } };
  }

  async run(sessionId: string, newMessage: Message, streaming = false): Promise<RunResult> {
    const res = await fetch(`${this.url}/run_sse`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ appName: this.appName, userId: this.userId, sessionId, newMessage, streaming }),
    });
    if (!res.ok) throw new Error(`run_sse ${res.status}: ${await res.text()}`);
    const frames = parseSseBody(new Uint8Array(await res.arrayBuffer()));
    const out: RunResult = { events: [], errors: [] };
    for (const f of frames) {
      if (f.kind === "event") out.events.push(f.data as WireEvent);
      else if (f.kind === "stream_error") out.errors.push(f.message);
      else out.errors.push(`malformed frame: ${f.text}`);
    }
    return out;
  }
}
