/**
 * The diff of two MCP tool calls (issue 12, "Re-run and diff"): arguments, content blocks aligned
 * by index and type, structuredContent, isError, latency, `_meta` and a failed call's error. Pure.
 */
import type { CallRecord, CallStatus } from "@/lib/contracts/calls";
import { jsonDiff, jsonEqual, lineDiff } from "@/lib/diff/json-diff";
import type { ChangeKind, JsonChange, JsonDiffOptions, JsonDiffResult, LineDiff } from "@/lib/diff/json-diff";
import { parseToolResult } from "@/lib/tool-result/content";
import { isRecord } from "@/lib/values";
import type { ResultBlock, ResultBlockKind } from "@/lib/tool-result/content";

/** Bytes of an image / audio / blob: equal or not is decided by a hash of the base64, not by showing it. */
export interface MediaSide {
  mimeType?: string;
  byteLength: number;
  hash: string;
}

export interface BlockDiff {
  /** Position in the new result (the old one for `removed`). */
  index: number;
  kind: ChangeKind;
  /** The block kind on each side (different when the server answered another type here). */
  before?: ResultBlockKind;
  after?: ResultBlockKind;
  beforeBlock?: ResultBlock;
  afterBlock?: ResultBlock;
  /** Text, or an embedded text resource: line diff when the texts differ. */
  text?: LineDiff;
  /** Image, audio or blob resource: both sides' mime, size and hash. */
  media?: { before: MediaSide; after: MediaSide };
  /** Resource / link uri when it changed. */
  uri?: { before: string; after: string };
  /** Every other field of the block (annotations, name, `_meta`, …), path inside the block. */
  fields: JsonChange[];
}

export interface CallDiff {
  /** No difference in anything the view shows (latency aside). */
  equal: boolean;
  arguments: JsonDiffResult;
  status: { before: CallStatus; after: CallStatus };
  isError: { before: boolean; after: boolean; flipped: boolean };
  latency: { beforeMs: number | null; afterMs: number | null; ratio: number | null };
  blocks: BlockDiff[];
  /** Null when neither result carries structuredContent. */
  structuredContent: JsonDiffResult | null;
  structuredPresence: { before: boolean; after: boolean };
  /** The results' `_meta`. */
  meta: JsonDiffResult;
  /** rpc_error / timeout / failed / cancelled: the error bodies (code, message, details). */
  error: JsonDiffResult;
  /** Any other top-level key of the results. */
  other: JsonDiffResult;
}

const DIFF_OPTS: JsonDiffOptions = { maxChanges: 200 };
/** Keys of a result diffed on their own. */
const RESULT_KEYS = new Set(["content", "structuredContent", "isError", "_meta"]);

/** FNV-1a over the base64 text: enough to say "same bytes or not" without a crypto API. */
export function quickHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

function media(block: ResultBlock): MediaSide | null {
  if (block.kind === "image" || block.kind === "audio") {
    return { mimeType: block.mimeType, byteLength: block.byteLength, hash: quickHash(block.data) };
  }
  if (block.kind === "resource_blob") return { mimeType: block.mimeType, byteLength: block.byteLength, hash: quickHash(block.blob) };
  return null;
}

function textOf(block: ResultBlock): string | null {
  return block.kind === "text" || block.kind === "resource_text" ? block.text : null;
}

function uriOf(block: ResultBlock): string | null {
  return block.kind === "resource_link" || block.kind === "resource_text" || block.kind === "resource_blob" ? block.uri : null;
}

/** The payload paths compared by the specialized fields above, left out of `fields`. */
function payloadPath(path: JsonChange["path"]): boolean {
  const [first, second] = path;
  if (path.length === 1) return first === "text" || first === "data" || first === "uri";
  return path.length === 2 && first === "resource" && (second === "text" || second === "blob" || second === "uri");
}

/** Two blocks at the same index. A different kind is one `changed` block showing both sides. */
export function diffBlockPair(a: ResultBlock, b: ResultBlock, index: number): BlockDiff {
  const out: BlockDiff = { index, kind: "same", before: a.kind, after: b.kind, beforeBlock: a, afterBlock: b, fields: [] };
  if (a.kind !== b.kind) return { ...out, kind: "changed" };
  const ta = textOf(a);
  const tb = textOf(b);
  if (ta !== null && tb !== null && ta !== tb) out.text = lineDiff(ta, tb);
  const ma = media(a);
  const mb = media(b);
  if (ma && mb && !jsonEqual(ma, mb)) out.media = { before: ma, after: mb };
  const ua = uriOf(a);
  const ub = uriOf(b);
  if (ua !== null && ub !== null && ua !== ub) out.uri = { before: ua, after: ub };
  out.fields = jsonDiff(a.raw, b.raw, DIFF_OPTS).changes.filter((c) => !payloadPath(c.path));
  const changed = out.text || out.media || out.uri || out.fields.length > 0;
  return { ...out, kind: changed ? "changed" : "same" };
}

function diffBlocks(a: ResultBlock[], b: ResultBlock[]): BlockDiff[] {
  const out: BlockDiff[] = [];
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) out.push(diffBlockPair(a[i]!, b[i]!, i));
  for (let i = shared; i < a.length; i += 1) out.push({ index: i, kind: "removed", before: a[i]!.kind, beforeBlock: a[i], fields: [] });
  for (let i = shared; i < b.length; i += 1) out.push({ index: i, kind: "added", after: b[i]!.kind, afterBlock: b[i], fields: [] });
  return out;
}

function obj(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function rest(result: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj(result)).filter(([k]) => !RESULT_KEYS.has(k)));
}

const latencyOf = (c: CallRecord) => (c.endedAt === null ? null : c.endedAt - c.startedAt);

/** The diff of call `before` → call `after` (usually the original and its re-run). */
export function diffCalls(before: CallRecord, after: CallRecord): CallDiff {
  const ra = parseToolResult(before.result);
  const rb = parseToolResult(after.result);
  const beforeMs = latencyOf(before);
  const afterMs = latencyOf(after);
  const hasA = before.result !== undefined && ra.hasStructured;
  const hasB = after.result !== undefined && rb.hasStructured;
  const diff: Omit<CallDiff, "equal"> = {
    arguments: jsonDiff(before.args, after.args, DIFF_OPTS),
    status: { before: before.status, after: after.status },
    isError: { before: ra.isError, after: rb.isError, flipped: ra.isError !== rb.isError },
    latency: { beforeMs, afterMs, ratio: beforeMs && afterMs !== null ? afterMs / beforeMs : null },
    blocks: diffBlocks(ra.blocks, rb.blocks),
    structuredContent: hasA || hasB ? jsonDiff(ra.structuredContent, rb.structuredContent, DIFF_OPTS) : null,
    structuredPresence: { before: hasA, after: hasB },
    meta: jsonDiff(obj(before.result)._meta, obj(after.result)._meta, DIFF_OPTS),
    error: jsonDiff(before.error ?? null, after.error ?? null, DIFF_OPTS),
    other: jsonDiff(rest(before.result), rest(after.result), DIFF_OPTS),
  };
  const equal =
    diff.arguments.equal &&
    diff.status.before === diff.status.after &&
    !diff.isError.flipped &&
    diff.blocks.every((b) => b.kind === "same") &&
    (diff.structuredContent?.equal ?? true) &&
    diff.meta.equal &&
    diff.error.equal &&
    diff.other.equal;
  return { ...diff, equal };
}
