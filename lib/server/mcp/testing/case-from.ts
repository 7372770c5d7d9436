import "server-only";
import { z } from "zod";
import type { CaseBody, CaseSource, PauseAnswer } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { caseOutcome, resultText } from "@/lib/server/mcp/testing/outcome";
import type { StepOutcome } from "@/lib/server/mcp/testing/outcome";
import { runStep, SESSION_METHODS } from "@/lib/server/mcp/testing/steps";

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

/** The most requests one exchange case keeps. */
const MAX_EXCHANGE_STEPS = 500;

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

/** The answers given to the server's requests during a call, in the order they came. */
function answersOfCall(connectionId: string, callId: string, tool: string): PauseAnswer[] {
  return getClientRequests()
    .list({ connectionId })
    .filter((r) => r.relatedCall?.callId === callId && r.answer)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((r) => ({ kind: r.kind, key: tool, request: r.params, answer: r.answer?.body }));
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
    answers: answersOfCall(conn.id, call.id, call.tool),
    recorded: caseOutcomeSchema.parse(caseOutcome([step])),
    assertions: [{ type: "is_error", expected: step.isError }],
    source: { protocol: "mcp", from: "call", ref: { ...ref } },
  };
}

/** A tapped client's requests in a seq range (what went out on the connection), with what came back. */
function fromExchange(ref: z.infer<typeof refs.exchange>): CaseBody {
  const conn = requireConnection(ref.connectionId);
  const store = getRegistry().hub.store;
  const frames = store
    .connectionEntriesOfKinds(conn.id, ["message"], ref.toSeq + 1, 10_000)
    .filter((e) => e.seq >= ref.fromSeq && e.protocol === "mcp");
  const responses = new Map<string, { at: number; raw: Record<string, unknown> }>();
  for (const f of frames)
    if (f.direction === "in" && isRecord(f.raw) && f.raw.id !== undefined && !("method" in f.raw))
      responses.set(JSON.stringify(f.raw.id), { at: f.receivedAt, raw: f.raw });
  const requests = frames
    .filter(
      (f) =>
        f.direction === "out" &&
        isRecord(f.raw) &&
        typeof f.raw.method === "string" &&
        f.raw.id !== undefined &&
        !SESSION_METHODS.has(f.raw.method),
    )
    .sort((a, b) => a.seq - b.seq)
    .slice(0, MAX_EXCHANGE_STEPS);
  if (!requests.length)
    throw new AppError("bad_request:case_source", `No requests went out on ${conn.name} between #${ref.fromSeq} and #${ref.toSeq}`);
  const steps: StepOutcome[] = [];
  const input = requests.flatMap((f) => {
    if (!isRecord(f.raw) || typeof f.raw.method !== "string") return [];
    const method = f.raw.method;
    const answer = responses.get(JSON.stringify(f.raw.id));
    const params = isRecord(f.raw.params) ? f.raw.params : undefined;
    const isCall = method === "tools/call" && params && typeof params.name === "string";
    steps.push({
      kind: method,
      result: answer ? (answer.raw.result ?? { error: answer.raw.error }) : null,
      isError: !answer || answer.raw.error !== undefined || (isRecord(answer.raw.result) && answer.raw.result.isError === true),
      latencyMs: answer ? answer.at - f.receivedAt : 0,
      ...(isCall ? { toolCall: { name: String(params.name), args: params.arguments ?? {} } } : {}),
    });
    return [{ kind: method, input: params ?? {}, label: isCall ? `call ${String(params.name)}` : method }];
  });
  return {
    name: `${conn.name}: ${input.length} request${input.length === 1 ? "" : "s"} (#${ref.fromSeq}–#${ref.toSeq})`,
    protocol: "mcp",
    target: { kind: "saved", id: conn.id },
    steps: input,
    answers: [],
    recorded: caseOutcomeSchema.parse(caseOutcome(steps)),
    assertions: [{ type: "trajectory", mode: "exact", args: "exact" }],
    source: { protocol: "mcp", from: "exchange", ref: { ...ref } },
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
    case "exchange":
      return fromExchange(parseRef(refs.exchange, source.ref));
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
