import "server-only";
import { z } from "zod";
import type { CaseBody, CaseSource, PauseAnswer } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { relatedTaskId } from "@/lib/server/mcp/requests/request-links";
import { caseOutcome, resultText } from "@/lib/server/mcp/testing/outcome";
import type { StepOutcome } from "@/lib/server/mcp/testing/outcome";
import { fromExchange } from "@/lib/server/mcp/testing/exchange";
import { runStep } from "@/lib/server/mcp/testing/steps";

/** What an MCP case can be saved from (`CaseSource.from`). */
export const MCP_CASE_SOURCES = {
  call: "a tool call (workbench, playground, tap traffic)",
  exchange: "a recorded exchange of a tapped client: its requests in order",
  resource: "a resource read",
  prompt: "a prompt get",
} as const;

const refs = {
  call: z.object({ connectionId: z.string().min(1), callId: z.string().min(1) }),
  exchange: z.object({ connectionId: z.string().min(1), fromSeq: z.number().int().nonnegative(), toSeq: z.number().int().nonnegative() }),
  resource: z.object({ connectionId: z.string().min(1), uri: z.string().min(1) }),
  prompt: z.object({ connectionId: z.string().min(1), name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }),
};

function parseRef<S extends z.ZodType>(schema: S, ref: unknown): z.infer<S> {
  const parsed = schema.safeParse(ref);
  if (!parsed.success)
    throw new AppError(
      "bad_request:case_source",
      `Invalid ref: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

function requireConnection(id: string): { id: string; name: string } {
  const view = getRegistry().get(id);
  if (!view) throw new AppError("not_found:case_source", `No MCP connection "${id}"`);
  return view;
}

/**
 * The answers given to the server's requests during a call, in the order they came, from the stored
 * requests (a restart leaves none in memory), each tied to the call by its own id. A request that came
 * while the call ran but was tied to no call (another call ran on the connection then) may have been
 * this call's: its answer cannot be placed, so the case is refused in words rather than saved to fail.
 */
function answersOfCall(connectionId: string, call: { id: string; tool: string; startedAt: number; endedAt: number | null }): PauseAnswer[] {
  const requests = getClientRequests()
    .list({ connectionId, store: getRegistry().hub.store })
    .filter((r) => r.createdAt >= call.startedAt && r.createdAt <= (call.endedAt ?? Infinity))
    .sort((a, b) => a.createdAt - b.createdAt);
  // (A task's requests are the task's, never a call's.)
  const untied = requests.filter((r) => !r.relatedCall && relatedTaskId(r.params) === undefined);
  if (untied.length > 0)
    throw new AppError(
      "conflict:case_source",
      `${untied.length} server request${untied.length === 1 ? "" : "s"} (${untied.map((r) => r.kind).join(", ")}) came while ${call.tool} ran but could not be tied to it: another call was running on the connection. A case from this call could not replay its answers; record it again with no other call running`,
    );
  return requests
    .filter((r) => r.relatedCall?.callId === call.id && r.answer)
    .map((r) => ({ kind: r.kind, key: call.tool, request: r.params, answer: r.answer?.body }));
}

function fromCall(ref: z.infer<typeof refs.call>): CaseBody {
  const conn = requireConnection(ref.connectionId);
  const call = getRegistry().findCall(ref.connectionId, ref.callId);
  if (!call) throw new AppError("not_found:case_source", `No call "${ref.callId}" on ${conn.name}`);
  const step: StepOutcome = {
    kind: "tools/call",
    result: call.status === "ok" || call.status === "tool_error" ? call.result : { error: call.error },
    isError: call.status !== "ok",
    latencyMs: (call.endedAt ?? call.startedAt) - call.startedAt,
    toolCall: { name: call.tool, args: call.args },
  };
  return {
    name: `${conn.name}: ${call.tool}`,
    protocol: "mcp",
    target: { kind: "saved", id: conn.id },
    steps: [{ kind: "tools/call", input: { name: call.tool, arguments: call.args }, label: `call ${call.tool}` }],
    answers: answersOfCall(conn.id, call),
    recorded: caseOutcomeSchema.parse(caseOutcome([step])),
    assertions: [{ type: "is_error", expected: step.isError }],
    source: { protocol: "mcp", from: "call", ref: { ...ref } },
  };
}

/** A read or a get has no stored history: it is made now, and what came back is the recording. */
async function fromRead(
  kind: "resources/read" | "prompts/get",
  connectionId: string,
  input: Record<string, unknown>,
  name: string,
  source: CaseSource,
): Promise<CaseBody> {
  const conn = requireConnection(connectionId);
  const step = await runStep(conn.id, { kind, input }, new AbortController().signal);
  if (step.isError)
    throw new AppError("upstream:case_source", `${kind} failed on ${conn.name}: ${resultText(step.result) ?? JSON.stringify(step.result)}`);
  return {
    name: `${conn.name}: ${name}`,
    protocol: "mcp",
    target: { kind: "saved", id: conn.id },
    steps: [{ kind, input, label: `${kind === "resources/read" ? "read" : "get"} ${name}` }],
    answers: [],
    recorded: caseOutcomeSchema.parse(caseOutcome([step])),
    assertions: [{ type: "structural", ignorePaths: [] }],
    source,
  };
}

export async function caseFrom(source: CaseSource): Promise<CaseBody> {
  switch (source.from) {
    case "call":
      return fromCall(parseRef(refs.call, source.ref));
    case "exchange": {
      const ref = parseRef(refs.exchange, source.ref);
      return fromExchange(requireConnection(ref.connectionId), ref);
    }
    case "resource": {
      const ref = parseRef(refs.resource, source.ref);
      return fromRead("resources/read", ref.connectionId, { uri: ref.uri }, ref.uri, source);
    }
    case "prompt": {
      const ref = parseRef(refs.prompt, source.ref);
      return fromRead("prompts/get", ref.connectionId, { name: ref.name, arguments: ref.arguments }, ref.name, source);
    }
    default:
      throw new AppError(
        "bad_request:case_source",
        `An MCP case cannot be saved from "${source.from}" (it can from: ${Object.keys(MCP_CASE_SOURCES).join(", ")})`,
      );
  }
}
