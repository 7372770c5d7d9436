import "server-only";
import type { CarriedMessage } from "@/lib/contracts/network";
import { MAX_CARRIED } from "@/lib/contracts/network";

/** A message up to this size is parsed whole to name what it carried; a larger one only by its edges. */
export const PARSE_LIMIT = 1024 * 1024;
/** How much of each end of an over-limit text is kept (enough for the id at the end of a result). */
const EDGE = 4096;

/**
 * Text accumulated with a hard bound: whole while under PARSE_LIMIT, then only its first and last
 * EDGE characters, so a 5 MiB result streamed through the meter never costs a second 5 MiB.
 */
export class CappedText {
  private full = "";
  private head = "";
  private tail = "";
  overflow = false;

  append(s: string): void {
    if (!this.overflow) {
      this.full += s;
      if (this.full.length <= PARSE_LIMIT) return;
      this.overflow = true;
      this.head = this.full.slice(0, EDGE);
      this.tail = this.full.slice(-EDGE);
      this.full = "";
      return;
    }
    this.tail = s.length >= EDGE ? s.slice(-EDGE) : (this.tail + s).slice(-EDGE);
  }

  /** Joins what another bounded text kept (a data line too long to hold whole). */
  appendEdges(head: string, tail: string): void {
    if (!this.overflow) {
      this.head = (this.full + head).slice(0, EDGE);
      this.full = "";
      this.overflow = true;
    }
    this.tail = tail.slice(-EDGE);
  }

  get whole(): string | undefined {
    return this.overflow ? undefined : this.full;
  }

  get edges(): { head: string; tail: string } {
    return this.overflow ? { head: this.head, tail: this.tail } : { head: this.full.slice(0, EDGE), tail: this.full.slice(-EDGE) };
  }

  get empty(): boolean {
    return !this.overflow && this.full === "";
  }

  reset(): void {
    this.full = this.head = this.tail = "";
    this.overflow = false;
  }
}

function describe(m: unknown, dir: CarriedMessage["dir"]): CarriedMessage | null {
  if (!m || typeof m !== "object" || Array.isArray(m)) return null;
  const o = m as Record<string, unknown>;
  const out: CarriedMessage = { dir };
  if (typeof o.id === "string" || typeof o.id === "number") out.id = o.id;
  if (typeof o.method === "string") out.method = o.method;
  const params = o.params && typeof o.params === "object" ? (o.params as Record<string, unknown>) : undefined;
  const name = typeof params?.name === "string" ? params.name : typeof params?.uri === "string" ? params.uri : undefined;
  if (name !== undefined && out.method !== undefined) out.name = name.slice(0, 200);
  if ("result" in o || "error" in o) out.response = true;
  return out.id === undefined && out.method === undefined ? null : out;
}

const TAIL_ID = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")\s*}\s*$/;
const HEAD_METHOD = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"method"\s*:\s*"((?:[^"\\]|\\.)*)"/;
const HEAD_RESPONSE = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"(?:result|error)"\s*:/;

/**
 * The JSON-RPC messages in a body or an SSE event's data: parsed when whole; over PARSE_LIMIT
 * read from its edges (the SDKs write `method` first and `id` last), best effort.
 */
export function carriedIn(text: CappedText, dir: CarriedMessage["dir"]): CarriedMessage[] {
  const whole = text.whole;
  if (whole !== undefined) {
    if (!/^\s*[[{]/.test(whole)) return [];
    try {
      const parsed: unknown = JSON.parse(whole);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.map((m) => describe(m, dir)).filter((m): m is CarriedMessage => m !== null);
    } catch {
      return [];
    }
  }
  const { head, tail } = text.edges;
  const out: CarriedMessage = { dir };
  const method = HEAD_METHOD.exec(head)?.[1];
  if (method) out.method = method;
  if (HEAD_RESPONSE.test(head)) out.response = true;
  const id = TAIL_ID.exec(tail)?.[1];
  if (id !== undefined) out.id = id.startsWith('"') ? (JSON.parse(id) as string) : Number(id);
  return out.id === undefined && out.method === undefined ? [] : [out];
}

/** What a metered body carried: bytes, SSE events, JSON-RPC messages (bounded). */
export interface Carried {
  bytes: number;
  events: number;
  lastEventId?: string;
  messages: CarriedMessage[];
  omitted: number;
}

export function addMessages(into: Carried, list: CarriedMessage[]): void {
  for (const m of list) {
    if (into.messages.length < MAX_CARRIED) into.messages.push(m);
    else into.omitted += 1;
  }
}

/**
 * Reads an SSE byte stream as it passes (WHATWG event stream rules: lines, `data:` joined with
 * "\n", `id:`, a blank line ends an event) and counts its events and the messages they carried.
 */
export class SseMeter {
  readonly carried: Carried = { bytes: 0, events: 0, messages: [], omitted: 0 };
  private readonly decoder = new TextDecoder();
  private readonly line = new CappedText();
  private readonly data = new CappedText();
  private hasField = false;

  push(chunk: Uint8Array): void {
    this.carried.bytes += chunk.byteLength;
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  end(): void {
    this.feed(this.decoder.decode());
  }

  private feed(text: string): void {
    let from = 0;
    for (let nl = text.indexOf("\n", from); nl !== -1; nl = text.indexOf("\n", from)) {
      this.line.append(text.slice(from, nl));
      this.completeLine();
      from = nl + 1;
    }
    if (from < text.length) this.line.append(text.slice(from));
  }

  private completeLine(): void {
    const whole = this.line.whole;
    if (whole === undefined) {
      // Only a data line grows this long: keep its edges for the id.
      const { head, tail } = this.line.edges;
      this.data.appendEdges(head.replace(/^data: ?/, ""), tail.replace(/\r$/, ""));
      this.hasField = true;
    } else {
      const line = whole.endsWith("\r") ? whole.slice(0, -1) : whole;
      if (line === "") this.dispatch();
      else if (line.startsWith("data:")) {
        if (!this.data.empty) this.data.append("\n");
        this.data.append(line.slice(line.startsWith("data: ") ? 6 : 5));
        this.hasField = true;
      } else if (line.startsWith("id:")) {
        this.carried.lastEventId = line.slice(line.startsWith("id: ") ? 4 : 3);
        this.hasField = true;
      } else if (!line.startsWith(":")) this.hasField = true;
    }
    this.line.reset();
  }

  private dispatch(): void {
    if (this.hasField) {
      this.carried.events += 1;
      if (!this.data.empty) addMessages(this.carried, carriedIn(this.data, "in"));
    }
    this.data.reset();
    this.hasField = false;
  }
}

/** A JSON (or any non-stream) answer: its bytes, and its text bounded, read at the end. */
export class BodyMeter {
  readonly carried: Carried = { bytes: 0, events: 0, messages: [], omitted: 0 };
  readonly text = new CappedText();
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array): void {
    this.carried.bytes += chunk.byteLength;
    this.text.append(this.decoder.decode(chunk, { stream: true }));
  }

  end(): void {
    this.text.append(this.decoder.decode());
    addMessages(this.carried, carriedIn(this.text, "in"));
  }
}
