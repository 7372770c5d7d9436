import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { CaseBody, CaseStep, PauseAnswer } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { caseOutcome } from "@/lib/server/mcp/testing/outcome";
import type { StepOutcome } from "@/lib/server/mcp/testing/outcome";
import { SESSION_METHODS } from "@/lib/server/mcp/testing/steps";

/** The most frames one exchange is read from, and the most requests its case keeps: past either, it is refused. */
export const MAX_EXCHANGE_FRAMES = 10_000;
export const MAX_EXCHANGE_STEPS = 500;

/** A JSON-RPC id within its MCP session: ids start again after a reconnect, so one alone names nothing. */
const rpcKey = (sessionKey: string | null, id: unknown): string => `${sessionKey ?? ""}\n${JSON.stringify(id)}`;

interface Frame {
  entry: Entry;
  raw: Record<string, unknown>;
}

/**
 * The client's requests in the range, each with the response that answered it: the first one after
 * it in the same session with its id (review #16: matched across the whole range, an id reused after
 * a reconnect took another request's response).
 */
function pairRequests(frames: readonly Frame[]): { request: Frame; response: Frame | undefined }[] {
  const pairs: { request: Frame; response: Frame | undefined }[] = [];
  const open = new Map<string, number>();
  for (const f of frames) {
    const { raw, entry } = f;
    if (raw.id === undefined || raw.id === null) continue;
    const key = rpcKey(entry.sessionKey, raw.id);
    if (entry.direction === "out" && typeof raw.method === "string" && !SESSION_METHODS.has(raw.method)) {
      open.set(key, pairs.push({ request: f, response: undefined }) - 1);
    } else if (entry.direction === "in" && !("method" in raw) && open.has(key)) {
      pairs[open.get(key)!]!.response = f;
      open.delete(key);
    }
  }
  return pairs;
}

/**
 * The human's answers to the server's requests in the range, in order, read from the stored requests
 * (sampling, elicitation) by session and JSON-RPC id; up to the first one the recording did not
 * answer, which the replay cannot answer either (a later answer must not move up to it).
 */
function recordedAnswers(connectionId: string, frames: readonly Frame[]): PauseAnswer[] {
  const stored = getClientRequests().list({ connectionId, store: getRegistry().hub.store });
  const byRpc = new Map<string, McpClientRequest>(stored.map((r) => [rpcKey(r.sessionKey, r.jsonrpcId), r]));
  const answers: PauseAnswer[] = [];
  for (const { entry, raw } of frames) {
    if (entry.direction !== "in" || typeof raw.method !== "string" || raw.id === undefined) continue;
    const request = byRpc.get(rpcKey(entry.sessionKey, raw.id));
    if (!request) continue; // a request no one answers by hand (roots/list, ping)
    if (!request.answer) break;
    answers.push({
      kind: request.kind,
      ...(request.relatedCall ? { key: request.relatedCall.tool } : {}),
      request: request.params,
      answer: request.answer.body,
    });
  }
  return answers;
}

/** A recorded exchange's requests in a seq range (what went out on the connection), what came back, and the answers given. */
export function fromExchange(conn: { id: string; name: string }, ref: { fromSeq: number; toSeq: number }): CaseBody {
  const read = getRegistry().hub.store.connectionEntriesOfKinds(conn.id, ["message"], ref.toSeq + 1, MAX_EXCHANGE_FRAMES);
  const range = `#${ref.fromSeq}–#${ref.toSeq}`;
  if (read.length === MAX_EXCHANGE_FRAMES && read[0]!.seq > ref.fromSeq)
    throw new AppError(
      "bad_request:case_source",
      `The range ${range} on ${conn.name} holds more than ${MAX_EXCHANGE_FRAMES} frames; a case is saved from at most that many (choose a shorter range)`,
    );
  const frames = read.flatMap((entry) =>
    entry.seq >= ref.fromSeq && entry.protocol === "mcp" && isRecord(entry.raw) ? [{ entry, raw: entry.raw }] : [],
  );
  const pairs = pairRequests(frames);
  if (!pairs.length) throw new AppError("bad_request:case_source", `No requests went out on ${conn.name} between ${range}`);
  if (pairs.length > MAX_EXCHANGE_STEPS)
    throw new AppError(
      "bad_request:case_source",
      `The range ${range} on ${conn.name} holds ${pairs.length} requests; a case keeps at most ${MAX_EXCHANGE_STEPS} (choose a shorter range)`,
    );
  const steps: StepOutcome[] = [];
  const input: CaseStep[] = pairs.map(({ request, response }) => {
    const method = String(request.raw.method);
    const params = isRecord(request.raw.params) ? request.raw.params : undefined;
    const isCall = method === "tools/call" && params && typeof params.name === "string";
    const answer = response?.raw;
    steps.push({
      kind: method,
      result: answer ? (answer.result ?? { error: answer.error }) : null,
      isError: !answer || answer.error !== undefined || (isRecord(answer.result) && answer.result.isError === true),
      latencyMs: response ? response.entry.receivedAt - request.entry.receivedAt : 0,
      ...(isCall ? { toolCall: { name: String(params.name), args: params.arguments ?? {} } } : {}),
    });
    return { kind: method, input: params ?? {}, label: isCall ? `call ${String(params.name)}` : method };
  });
  const answers = recordedAnswers(conn.id, frames);
  return {
    name: `${conn.name}: ${input.length} request${input.length === 1 ? "" : "s"} (${range})`,
    protocol: "mcp",
    target: { kind: "saved", id: conn.id },
    steps: input,
    answers,
    recorded: caseOutcomeSchema.parse(caseOutcome(steps, { pauses: answers.map(({ answer: _a, ...met }) => met) })),
    assertions: [{ type: "trajectory", mode: "exact", args: "exact" }],
    source: { protocol: "mcp", from: "exchange", ref: { connectionId: conn.id, ...ref } },
  };
}
