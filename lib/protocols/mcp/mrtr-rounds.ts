import { isRecord } from "@/lib/values";
import type { RequestRow, TrafficRow } from "./pairing";

/**
 * Multi round-trip requests (MCP 2026-07-28, basic/patterns/mrtr): a server that needs input to
 * finish a tools/call, prompts/get or resources/read answers `resultType: "input_required"` with
 * `inputRequests` (keyed elicitation / sampling / roots requests) and an opaque `requestState`;
 * the client retries the same request on a fresh JSON-RPC id with `inputResponses` (same keys)
 * and the byte-exact `requestState`. Nothing but those fields ties the legs together, so this
 * module rebuilds the logical request from the recorded frames. Pure: used by the traffic view
 * and (server side) to place an input request next to the call that waits for it.
 */

export const MRTR_METHODS: ReadonlySet<string> = new Set(["tools/call", "prompts/get", "resources/read"]);

export type MrtrOutcome = "input_required" | "complete" | "error" | "pending";

/** One embedded request the server asked for in an input_required result. */
export interface MrtrAsk {
  key: string;
  method: string;
  /** The elicitation message, or the last sampling message's text, for a one-line summary. */
  summary?: string;
}

export interface MrtrLeg {
  /** The traffic row (key = seq of the request entry). */
  rowKey: string;
  /** 1-based position in the logical request: leg 1 is the original request. */
  leg: number;
  id: string | number;
  outcome: MrtrOutcome;
  /** What this leg's input_required result asked for (the input of round `leg`). */
  asks: MrtrAsk[];
  /** The requestState this leg's input_required result minted. */
  mintedState?: string;
  /** The inputResponses keys this request carried (answers to round `leg - 1`). */
  answeredKeys: string[];
  /** The requestState this request echoed. */
  echoedState?: string;
  /** The echoed requestState is not the one the previous leg minted (a client bug). */
  stateMismatch: boolean;
}

export interface MrtrChain {
  /** The first leg's row key. */
  key: string;
  connectionId: string;
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string;
  legs: MrtrLeg[];
  /** How many input_required results the server sent: the rounds of input. */
  rounds: number;
  outcome: MrtrOutcome;
}

export interface MrtrIndex {
  chains: MrtrChain[];
  /** Row key → its chain and leg, only for rows of a multi-round chain. */
  byRow: Map<string, { chain: MrtrChain; leg: MrtrLeg }>;
}

function paramsOf(row: RequestRow): Record<string, unknown> {
  return isRecord(row.requestItem.params) ? row.requestItem.params : {};
}

function targetOf(method: string, params: Record<string, unknown>): string {
  const v = method === "resources/read" ? params.uri : params.name;
  return typeof v === "string" ? v : "";
}

/** Arguments compared by value, key order ignored (the SDK spreads the original params into the retry). */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

function identity(row: RequestRow): string {
  const p = paramsOf(row);
  return `${row.connectionId}\u0000${row.method}\u0000${targetOf(row.method, p)}\u0000${stable(p.arguments)}`;
}

function summaryOf(method: string, params: unknown): string | undefined {
  if (!isRecord(params)) return undefined;
  if (typeof params.message === "string") return params.message;
  if (method === "sampling/createMessage" && Array.isArray(params.messages)) {
    const last = params.messages[params.messages.length - 1];
    const content = isRecord(last) ? last.content : undefined;
    const block = Array.isArray(content) ? content[0] : content;
    if (isRecord(block) && typeof block.text === "string") return block.text;
  }
  return undefined;
}

/** The asks of an input_required result, in the server's key order. */
export function asksOf(result: unknown): MrtrAsk[] {
  if (!isRecord(result) || !isRecord(result.inputRequests)) return [];
  return Object.entries(result.inputRequests).map(([key, req]) => {
    const method = isRecord(req) && typeof req.method === "string" ? req.method : "?";
    return { key, method, summary: summaryOf(method, isRecord(req) ? req.params : undefined) };
  });
}

function outcomeOf(row: RequestRow): { outcome: MrtrOutcome; result?: Record<string, unknown> } {
  const item = row.responseItem;
  if (!item) return { outcome: "pending" };
  if (item.isError) return { outcome: "error" };
  const result = isRecord(item.result) ? item.result : undefined;
  return { outcome: result?.resultType === "input_required" ? "input_required" : "complete", result };
}

function legOf(row: RequestRow, leg: number, prev: MrtrLeg | undefined): MrtrLeg {
  const p = paramsOf(row);
  const { outcome, result } = outcomeOf(row);
  const echoedState = typeof p.requestState === "string" ? p.requestState : undefined;
  return {
    rowKey: row.key,
    leg,
    id: row.id,
    outcome,
    asks: outcome === "input_required" ? asksOf(result) : [],
    mintedState: typeof result?.requestState === "string" ? result.requestState : undefined,
    answeredKeys: isRecord(p.inputResponses) ? Object.keys(p.inputResponses) : [],
    echoedState,
    stateMismatch: prev !== undefined && prev.mintedState !== echoedState,
  };
}

/** A retry carries inputResponses or requestState; the first leg carries neither. */
function isRetry(row: RequestRow): boolean {
  const p = paramsOf(row);
  return p.inputResponses !== undefined || p.requestState !== undefined;
}

/**
 * Groups the legs of every logical multi-round request in `rows` (seq order, as pairTraffic gives
 * them). A retry joins the latest open chain (last leg input_required, no retry yet) of the same
 * connection, method, target and arguments whose minted requestState it echoes; failing an exact
 * state match, the latest open chain of that identity (the mismatch is flagged on the leg).
 */
export function groupMrtrRounds(rows: readonly TrafficRow[]): MrtrIndex {
  const chains: MrtrChain[] = [];
  const open = new Map<string, MrtrChain[]>();
  for (const row of rows) {
    if (row.type !== "request" || row.direction !== "out" || !MRTR_METHODS.has(row.method)) continue;
    const id = identity(row);
    let chain: MrtrChain | undefined;
    if (isRetry(row)) {
      const candidates = open.get(id) ?? [];
      const echoed = paramsOf(row).requestState;
      chain = [...candidates].reverse().find((c) => c.legs[c.legs.length - 1]!.mintedState === echoed) ?? candidates[candidates.length - 1];
    }
    if (!chain) {
      chain = {
        key: row.key,
        connectionId: row.connectionId,
        method: row.method,
        target: targetOf(row.method, paramsOf(row)),
        legs: [],
        rounds: 0,
        outcome: "pending",
      };
      chains.push(chain);
    } else {
      open.set(
        id,
        (open.get(id) ?? []).filter((c) => c !== chain),
      );
    }
    const leg = legOf(row, chain.legs.length + 1, chain.legs[chain.legs.length - 1]);
    chain.legs.push(leg);
    chain.outcome = leg.outcome;
    if (leg.outcome === "input_required") {
      chain.rounds += 1;
      open.set(id, [...(open.get(id) ?? []), chain]);
    }
  }
  const multi = chains.filter((c) => c.rounds > 0);
  const byRow = new Map<string, { chain: MrtrChain; leg: MrtrLeg }>();
  for (const chain of multi) for (const leg of chain.legs) byRow.set(leg.rowKey, { chain, leg });
  return { chains: multi, byRow };
}

/**
 * The logical request an input request belongs to: the chain whose latest leg's input_required
 * result asked for `key` with this method and has not been retried yet. When several chains ask
 * under the same key (two calls at once), the embedded params must match too (the handler may see
 * them re-parsed by the SDK, so they only narrow); if still not one, none is named: never a guess.
 */
export function findInputOrigin(
  index: MrtrIndex,
  ask: { key: string; method: string; params?: Record<string, unknown> },
  rows: ReadonlyMap<string, RequestRow>,
): { chain: MrtrChain; round: number; firstId: string | number } | undefined {
  let matches = index.chains.filter((chain) => {
    const last = chain.legs[chain.legs.length - 1]!;
    return last.outcome === "input_required" && last.asks.some((a) => a.key === ask.key && a.method === ask.method);
  });
  if (matches.length > 1 && ask.params) {
    const wanted = stable(ask.params);
    matches = matches.filter((chain) => {
      const result = rows.get(chain.legs[chain.legs.length - 1]!.rowKey)?.responseItem?.result;
      const sent = isRecord(result) && isRecord(result.inputRequests) ? result.inputRequests[ask.key] : undefined;
      return isRecord(sent) && stable(sent.params ?? {}) === wanted;
    });
  }
  if (matches.length !== 1) return undefined;
  const chain = matches[0]!;
  return { chain, round: chain.rounds, firstId: chain.legs[0]!.id };
}
