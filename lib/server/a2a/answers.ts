import "server-only";
import type { A2aAnswerBody, A2aHumanRequest, A2aPartInput } from "@/lib/contracts/a2a";
import type { A2aMessage } from "@/lib/protocols/a2a/frames";

/** The function call an ADK agent paused on: a data part tagged `adk_type: function_call` (ADK JS's A2A mapping). */
function adkPendingCall(request: A2aHumanRequest): { id: string; name: string } | undefined {
  const parts = (request.message as A2aMessage | undefined)?.parts ?? [];
  for (const p of parts) {
    if (p.kind !== "data" || p.metadata?.adk_type !== "function_call") continue;
    const call = p.data as { id?: unknown; name?: unknown };
    if (typeof call.id === "string" && typeof call.name === "string") return { id: call.id, name: call.name };
  }
  return undefined;
}

/**
 * The answer as message parts. An ADK agent (served by ADK's own A2A support) only takes a
 * function response to its pending call (a text answer is "No input provided"), so a data or text
 * answer to one is wrapped as `{ id, name, response }` with `adk_type: function_response`.
 */
export function answerParts(request: A2aHumanRequest, body: A2aAnswerBody): A2aPartInput[] {
  const call = adkPendingCall(request);
  if (call && body.kind !== "credential") {
    const response = body.kind === "data" ? body.data : { text: body.text };
    return [{ kind: "data", data: { id: call.id, name: call.name, response }, metadata: { adk_type: "function_response" } }];
  }
  if (body.kind === "text") return [{ kind: "text", text: body.text }];
  if (body.kind === "data") return [{ kind: "data", data: body.data }];
  return [{ kind: "data", data: { credential: body.credential, ...(body.scheme ? { scheme: body.scheme } : {}) } }];
}
