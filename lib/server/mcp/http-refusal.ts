import "server-only";
import { SdkError, SdkErrorCode, SdkHttpError, SSEClientTransport, SseError } from "@modelcontextprotocol/client";
import type { SSEClientTransportOptions } from "@modelcontextprotocol/client";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * Words for an HTTP answer that is not MCP: a reverse proxy's 404 or 502 page, a login page. The
 * SDK puts the whole body in its error ("Error POSTing to endpoint: <!DOCTYPE html>…"), or for the
 * legacy event stream only the status; the user reads the status and the page's title instead,
 * while the raw text stays on record (the transport_error entry, the exchange in Network).
 */

/** What a refused request got back. */
export interface RefusedAnswer {
  status: number;
  contentType?: string;
  text: string;
}

/** How much of a refused event-stream answer is read: a page's title is near its start. */
const READ_LIMIT = 64 * 1024;
/** A page's words in a message, at most. */
const WORDS_LIMIT = 120;
/** An error message shown as the SDK wrote it (a plain-text body), at most. */
const MESSAGE_LIMIT = 500;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** Text of an HTML fragment: tags dropped, the common entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a body is an HTML page (by its content type, or by how it starts). */
export function isHtmlPage(text: string, contentType?: string | null): boolean {
  if (contentType && /^\s*text\/html\b/i.test(contentType)) return true;
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(text.replace(/^\uFEFF/, ""));
}

/** What a page says in a few words: its title, else its first heading, else its first line of text. */
export function pageWords(html: string): string {
  for (const tag of ["title", "h1"]) {
    const inner = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "i").exec(html)?.[1];
    const words = inner === undefined ? "" : textOf(inner);
    if (words) return cut(words, WORDS_LIMIT);
  }
  const body = html.replace(/<(script|style|head)\b[^>]*>[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, "\n");
  const line = body.split("\n").map(textOf).find(Boolean);
  return line ? cut(line, WORDS_LIMIT) : "";
}

/** A body in a few words: an HTML page by its title, any other text collapsed and cut short. */
export function bodyWords(text: string, contentType?: string | null): string {
  return isHtmlPage(text, contentType) ? pageWords(text) : cut(text.replace(/\s+/g, " ").trim(), WORDS_LIMIT);
}

/** Answers the SDK only knows the status of (the legacy event stream), by the error it raised. */
const noted = new WeakMap<object, RefusedAnswer>();

/** The status and body behind an SDK error for a refused request, when it carries them. */
export function refusalOf(error: unknown): RefusedAnswer | null {
  if (typeof error === "object" && error !== null) {
    const answer = noted.get(error);
    if (answer) return answer;
  }
  if (error instanceof SdkHttpError) {
    const text = typeof error.data.text === "string" ? error.data.text : error.message.replace(/^Error POSTing to endpoint:\s*/i, "");
    return { status: error.status, text };
  }
  // The legacy SSE transport's POST: a plain Error with the status and the body in its message.
  const posted = error instanceof Error ? /^Error POSTing to endpoint \(HTTP (\d+)\):\s*([\s\S]*)$/.exec(error.message) : null;
  return posted ? { status: Number(posted[1]), text: posted[2] ?? "" } : null;
}

/** "The server answered HTTP 502 with an HTML page, not MCP: 502 Bad Gateway", or null when it was no page. */
export function htmlAnswerWords(error: unknown): string | null {
  const answer = refusalOf(error);
  if (answer && isHtmlPage(answer.text, answer.contentType)) {
    const words = pageWords(answer.text);
    return `The server answered HTTP ${answer.status} with an HTML page, not MCP${words ? `: ${words}` : ""}`;
  }
  // A 2xx page to a Streamable HTTP POST: the SDK kept only its content type.
  const data = error instanceof SdkError && error.code === SdkErrorCode.ClientHttpUnexpectedContent ? error.data : undefined;
  if (isRecord(data) && typeof data.contentType === "string" && /^\s*text\/html\b/i.test(data.contentType)) {
    return "The server answered with an HTML page (text/html), not MCP";
  }
  return null;
}

/** An HTTP failure in words: an HTML page by its status and title, any other message cut short. */
export function httpFailureWords(error: unknown): string {
  return htmlAnswerWords(error) ?? cut(errorMessage(error), MESSAGE_LIMIT);
}

/** Reads an answer (bounded) so it can be kept; the caller gets an equal Response to read again. */
async function readAnswer(res: Response): Promise<{ text: string; res: Response }> {
  if (!res.body) return { text: "", res };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader.read().catch(() => null);
    if (!next || next.done) break;
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size >= READ_LIMIT) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  const init = { status: res.status, statusText: res.statusText, headers: res.headers };
  return { text, res: new Response(text === "" ? null : text, init) };
}

type StreamFetch<I> = (input: string | URL, init: I) => Promise<Response>;

/**
 * The legacy SSE transport, keeping what its event-stream GET got when that was no event stream
 * (the SDK's error says only "Non-200 status code (502)"). Reading the body also lets Network
 * record the exchange with its text: the event-stream client never reads a refused answer.
 */
export class ObservedSseTransport extends SSEClientTransport {
  private refused: RefusedAnswer | null = null;
  /**
   * Where start() is: waiting for the GET's answer, for the endpoint event on the open stream, or
   * done. The SDK gives it no time limit, so the connect's deadline reads this to say which.
   */
  phase: "unanswered" | "opened" | "started" = "unanswered";

  constructor(url: URL, opts: SSEClientTransportOptions, streamFetch: StreamFetch<RequestInit>) {
    super(url, {
      ...opts,
      eventSourceInit: {
        ...opts.eventSourceInit,
        fetch: async (input, init) => {
          const res = await streamFetch(input, init);
          const contentType = res.headers.get("content-type") ?? undefined;
          if (res.ok && /^\s*text\/event-stream\b/i.test(contentType ?? "")) {
            if (this.phase === "unanswered") this.phase = "opened";
            return res;
          }
          const read = await readAnswer(res);
          this.refused = { status: res.status, ...(contentType ? { contentType } : {}), text: read.text };
          return read.res;
        },
      },
    });
  }

  override async start(): Promise<void> {
    this.refused = null;
    this.phase = "unanswered";
    try {
      await super.start();
      this.phase = "started";
    } catch (error) {
      if (error instanceof SseError && this.refused) noted.set(error, this.refused);
      throw error;
    }
  }
}
