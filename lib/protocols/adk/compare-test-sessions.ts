// Test-only helper: small ADK JS-shaped sessions for the compare tests (pure and component).

/** A tiny ADK JS-shaped session: each invocation is a user message, tool calls with results, an answer. */
export interface ScriptedInvocation {
  user: string;
  calls?: Array<{ name: string; args: Record<string, unknown>; result: unknown }>;
  answer: string;
  tokens?: number;
  stateDelta?: Record<string, unknown>;
}

export function scriptedSession(invs: ScriptedInvocation[], tag = "a"): unknown[] {
  const out: unknown[] = [];
  let t = 1_000_000;
  invs.forEach((inv, n) => {
    const invocationId = `e-${tag}-${n}`;
    const base = (id: string, author: string) => ({ id, invocationId, author, timestamp: (t += 10), actions: { stateDelta: {} } });
    out.push({ ...base(`${tag}${n}u`, "user"), content: { role: "user", parts: [{ text: inv.user }] } });
    (inv.calls ?? []).forEach((c, k) => {
      const callId = `adk-${tag}-${n}-${k}`;
      out.push({
        ...base(`${tag}${n}c${k}`, "demo"),
        content: { role: "model", parts: [{ functionCall: { id: callId, name: c.name, args: c.args } }] },
      });
      out.push({
        ...base(`${tag}${n}r${k}`, "demo"),
        content: { role: "user", parts: [{ functionResponse: { id: callId, name: c.name, response: c.result } }] },
      });
    });
    out.push({
      ...base(`${tag}${n}a`, "demo"),
      actions: { stateDelta: inv.stateDelta ?? {} },
      content: { role: "model", parts: [{ text: inv.answer }] },
      ...(inv.tokens !== undefined
        ? { usageMetadata: { promptTokenCount: 1, candidatesTokenCount: inv.tokens - 1, totalTokenCount: inv.tokens } }
        : {}),
    });
  });
  return out;
}

export const weatherCall = (city: string, forecast = "sunny") => ({ name: "get_weather", args: { city }, result: { city, forecast } });
