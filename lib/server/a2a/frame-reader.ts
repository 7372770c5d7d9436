import "server-only";
import type { A2aTransport } from "@/lib/contracts/a2a";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import type { EntryPayload, TypedNewEntry } from "@/lib/contracts/entry-kinds";
import type { a2aEntryKinds } from "@/lib/contracts/entry-kinds/a2a";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { readFrame } from "@/lib/protocols/a2a/frames";
import type { EntryRecord, Hub } from "@/lib/server/hub";
import type { WriteOpts } from "@/lib/server/store";
import { errorMessage } from "@/lib/values";

export type A2aKind = keyof typeof a2aEntryKinds;

/** One entry of protocol "a2a" (connectionId = the agent, sessionKey = the contextId), to record. */
export function a2aEntry<K extends A2aKind>(
  agentId: string,
  sessionKey: string | null,
  kind: K,
  direction: Entry["direction"],
  raw: EntryPayload<K>,
): TypedNewEntry<K> {
  return { connectionId: agentId, sessionKey, receivedAt: Date.now(), sourceTime: null, direction, protocol: "a2a", kind, raw };
}

/** Records one entry of protocol "a2a" (connectionId = the agent, sessionKey = the contextId). */
export function recordA2a<K extends A2aKind>(
  hub: Hub,
  agentId: string,
  sessionKey: string | null,
  kind: K,
  direction: Entry["direction"],
  raw: EntryPayload<K>,
  opts?: WriteOpts,
): Entry {
  return hub.record<K>(a2aEntry(agentId, sessionKey, kind, direction, raw), opts);
}

/** The UTF-8 size of `,"payload":`, between a frame's head and its payload in its raw. */
const PAYLOAD_KEY_BYTES = 11;

/** What Loupe records around a frame's payload (the entry kind `a2a_frame`). */
type FrameHead = Omit<EntryPayload<"a2a_frame">, "payload">;
/** What an HTTP response or SSE event adds to a frame's head. */
export type FrameExtra = { status?: number; sseEvent?: string };

/** A frame read: what to record, and the item it carried (none when malformed). */
export interface ReadFrame {
  record: EntryRecord;
  item?: A2aItem;
}

function sameHead(a: FrameHead, b: FrameHead): boolean {
  return (
    a.kind === b.kind &&
    a.taskId === b.taskId &&
    a.contextId === b.contextId &&
    a.version === b.version &&
    a.method === b.method &&
    a.status === b.status &&
    a.sseEvent === b.sseEvent &&
    a.exchangeId === b.exchangeId &&
    a.transport === b.transport
  );
}

function contextOf(item: A2aItem): string | undefined {
  if (item.type === "message") return item.message.contextId;
  if (item.type === "task" || item.type === "status" || item.type === "artifact") return item.contextId;
  return undefined;
}

function taskOf(item: A2aItem): string | undefined {
  if (item.type === "message") return item.message.taskId;
  if (item.type === "error") return undefined;
  return item.taskId;
}

/** Who an exchange's frames are recorded under. */
export interface FrameOrigin {
  agentId: string;
  exchangeId: string;
  transport: A2aTransport;
  /** Values replaced by SECRET_MASK in what is recorded (a credential being sent). */
  secrets?: readonly string[];
}

/**
 * Reads one exchange's frames into the entries to record: each frame's text parsed once and
 * checked (lib/protocols/a2a/frames.ts), its raw the frame's own text spliced into Loupe's head.
 * The relay's hot path (issue 23): a stream's frames share one head, serialized once, and no
 * object is built by a spread followed by new keys (V8 takes a slow path there, which cost more
 * than parsing the frame).
 */
export class FrameReader {
  /** The conversation: known by a continuation, else named by the first frame that carries one. */
  contextId: string | undefined;
  /** A frame of this exchange was malformed. */
  sawMalformed = false;
  private lastHead: { head: FrameHead; text: string; bytes: number } | undefined;

  constructor(
    private readonly origin: FrameOrigin,
    contextId: string | undefined,
  ) {
    this.contextId = contextId;
  }

  /** An entry of this exchange's agent, under its conversation. */
  entry<K extends A2aKind>(kind: K, direction: Entry["direction"], raw: EntryPayload<K>): TypedNewEntry<K> {
    return a2aEntry(this.origin.agentId, this.contextId ?? null, kind, direction, raw);
  }

  /** Parses and checks one frame's text (an answer to `method`): the entry to record, and its item. */
  read(raw: string, extra: FrameExtra, method: string): ReadFrame {
    // An agent may echo what it was sent (a task's history): a credential stays masked there too.
    const secrets = this.origin.secrets;
    let text = secrets?.length ? secrets.reduce((t, secret) => t.split(secret).join(SECRET_MASK), raw) : raw;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return this.malformed(text, extra, method, `not JSON: ${errorMessage(e)}`);
    }
    const read = readFrame(json);
    if (!read.ok) return this.malformed(text, extra, method, read.error);
    // A line break in JSON text is whitespace (one in a string is escaped), but the text is spliced
    // into one `data:` line of the page's stream, where it would cut the event (an agent's event
    // over several `data:` lines, a body ending in a newline): such a payload is written compact.
    if (text.includes("\n") || text.includes("\r")) text = JSON.stringify(json);
    // A frame names its own conversation (a stream may carry another context's task); one that
    // names none is the exchange's.
    const own = contextOf(read.item);
    this.contextId ??= own;
    // Every field in one literal, absent ones undefined (JSON leaves them out).
    const { exchangeId, transport } = this.origin;
    const { status, sseEvent } = extra;
    const taskId = taskOf(read.item);
    const contextId = own || this.contextId;
    const kind = read.item.type;
    const version = read.version;
    const head: FrameHead = { exchangeId, transport, method, status, sseEvent, taskId, contextId, kind, version };
    const payload: EntryPayload<"a2a_frame"> = {
      exchangeId,
      transport,
      method,
      status,
      sseEvent,
      taskId,
      contextId,
      kind,
      version,
      payload: json,
    };
    // The payload's JSON is the frame's own text (it parsed): spliced in, not serialized again.
    const { text: base, bytes } = this.headText(head);
    const rawText = `${base},"payload":${text}}`;
    // Its size from its parts: measuring the spliced text would first copy it whole.
    const rawBytes = bytes + PAYLOAD_KEY_BYTES + Buffer.byteLength(text) + 1;
    return {
      record: {
        entry: a2aEntry(this.origin.agentId, contextId ?? null, "a2a_frame", "in", payload),
        rawText,
        rawBytes,
        rawSplit: { base, key: "payload", value: text },
      },
      item: read.item,
    };
  }

  /** The head's JSON without its closing brace, and its UTF-8 size: serialized again only when it changes. */
  private headText(head: FrameHead): { text: string; bytes: number } {
    const last = this.lastHead;
    if (last && sameHead(last.head, head)) return last;
    const text = JSON.stringify(head).slice(0, -1);
    this.lastHead = { head, text, bytes: Buffer.byteLength(text) };
    return this.lastHead;
  }

  /**
   * Text of this exchange that is not an A2A frame, recorded raw with why. `frame`: it was sent as a
   * frame (the stream's close then says one did not fit); lines that are no SSE field are not.
   */
  malformed(text: string, extra: FrameExtra, method: string, error: string, frame = true): ReadFrame {
    if (frame) this.sawMalformed = true;
    const { exchangeId, transport } = this.origin;
    return { record: { entry: this.entry("a2a_malformed", "in", { exchangeId, transport, method, ...extra, text, error }) } };
  }
}
