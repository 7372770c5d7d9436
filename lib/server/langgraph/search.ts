import "server-only";
import { LG_SEARCH_KIND } from "@/lib/contracts/langgraph";
import { parseEventName } from "@/lib/protocols/langgraph/events";
import { readMessage } from "@/lib/protocols/langgraph/messages";
import { getHub } from "@/lib/server/hub";
import { parseRecord, query } from "@/lib/server/rows";
import { findText, snippetAround } from "@/lib/server/search/text";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";
import { isRecord } from "@/lib/values";

/** Threads listed at most (by id, and again by text). */
const MAX_THREADS = 20;
/** Matching entries looked at (newest first), and read whole at most for a text match. */
const MAX_CANDIDATES = 3000;
const MAX_ENTRY_ROWS = 300;
/**
 * Entries read at most per thread: a run records an event per token and the whole state at every
 * step, so one busy thread must not take every row read.
 */
const MAX_ROWS_PER_THREAD = 10;

interface ThreadRow {
  deployment_id: string;
  thread_id: string;
  updated_at: number;
  name: string | null;
}

interface EntryRow extends ThreadRow {
  kind: string;
  raw: string;
  /** How many matching rows were looked at (MAX_CANDIDATES: older ones were not). */
  candidates: number;
}

/** A message's words (its text, then its tool calls' arguments: not its id, type or metadata); anything else as it is. */
function messageWords(value: unknown): unknown {
  const message = readMessage(value);
  return message ? [message.text, message.toolCalls.map((c) => c.args)] : value;
}

/** What interrupts ask (`__interrupt__`: `[{ value, id }]`), without their ids. */
function interruptWords(value: unknown): unknown {
  return Array.isArray(value) ? value.map((i) => (isRecord(i) ? i.value : i)) : value;
}

/** A state or a node's write: its messages' words, the prompts of its interrupts, then its other values. */
function stateWords(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { messages, __interrupt__: interrupts, ...rest } = value;
  return [Array.isArray(messages) ? messages.map(messageWords) : messages, interruptWords(interrupts), rest];
}

/** What an event says, by stream mode; debug and events repeat the state with the run's config, metadata nothing. */
function eventWords(event: string, data: unknown): unknown {
  switch (parseEventName(event).mode) {
    case "values":
      return stateWords(data);
    case "updates":
      return isRecord(data)
        ? Object.entries(data).map(([node, write]) => (node === "__interrupt__" ? interruptWords(write) : stateWords(write)))
        : data;
    case "messages":
    case "messages/partial":
    case "messages/complete": {
      if (!Array.isArray(data)) return data;
      // messages-tuple: [chunk, metadata], the run's metadata, not the message's; partial / complete: the messages so far.
      const tuple = data.length === 2 && !readMessage(data[1]);
      return tuple ? messageWords(data[0]) : data.map(messageWords);
    }
    case "custom":
    case "error":
      return data;
    default:
      return undefined;
  }
}

/**
 * What was said in an entry: the input, resume value or state update Loupe sent (not the assistant,
 * config or stream modes), what the graph streamed, an interrupt's prompt and the answer given to it.
 */
function said(row: EntryRow): unknown {
  const raw = parseRecord<unknown>(row.raw);
  if (!isRecord(raw)) return undefined;
  if (row.kind === "lg_input") {
    const body = isRecord(raw.request) ? raw.request.body : undefined;
    if (!isRecord(body)) return undefined;
    const command = isRecord(body.command) ? [body.command.resume, stateWords(body.command.update)] : undefined;
    return [stateWords(body.input), command];
  }
  if (row.kind === "lg_request") return [raw.value, raw.answer];
  return typeof raw.event === "string" ? eventWords(raw.event, raw.data) : undefined;
}

/**
 * Threads whose recorded input, events or interrupts hold the query. Of the newest MAX_CANDIDATES
 * rows the LIKE keeps (their seq and thread only), at most MAX_ROWS_PER_THREAD per thread and
 * MAX_ENTRY_ROWS in all are read whole, newest first; only threads Loupe still lists (not one deleted
 * through it, nor of a removed deployment).
 */
function byText(like: string, needle: string): { hits: SearchHit[]; full: boolean } {
  const rows = query<EntryRow>(
    getHub().store,
    `SELECT m.deployment_id, m.thread_id, t.updated_at, json_extract(d.config, '$.name') AS name, e.kind, e.raw, m.candidates
     FROM (SELECT c.seq, c.deployment_id, c.thread_id, COUNT(*) OVER () AS candidates,
                  ROW_NUMBER() OVER (PARTITION BY c.deployment_id, c.thread_id ORDER BY c.seq DESC) AS nth
           FROM (SELECT e.seq, e.connection_id AS deployment_id, e.session_key AS thread_id FROM entries e
                 WHERE e.protocol = 'langgraph' AND e.kind IN ('lg_input', 'lg_event', 'lg_request') AND e.session_key IS NOT NULL
                   AND e.raw LIKE ? ESCAPE '\\' ORDER BY e.seq DESC LIMIT ${MAX_CANDIDATES}) c) m
     JOIN entries e ON e.seq = m.seq
     JOIN langgraph_threads t ON t.deployment_id = m.deployment_id AND t.thread_id = m.thread_id
     LEFT JOIN langgraph_deployments d ON d.id = m.deployment_id
     WHERE m.nth <= ${MAX_ROWS_PER_THREAD}
     ORDER BY m.seq DESC LIMIT ${MAX_ENTRY_ROWS}`,
  ).all(like);
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.deployment_id}\n${row.thread_id}`;
    if (seen.has(key)) continue;
    // The raw's LIKE also matches its keys, ids and the run's metadata: only what was said counts.
    const text = findText(said(row), needle);
    if (text === null) continue;
    seen.add(key);
    hits.push({
      kind: LG_SEARCH_KIND,
      match: "text",
      agentId: row.deployment_id,
      agentName: row.name ?? row.deployment_id,
      id: row.thread_id,
      snippet: snippetAround(text, needle),
      updatedAt: row.updated_at,
    });
  }
  return { hits, full: rows.length >= MAX_ENTRY_ROWS || (rows[0]?.candidates ?? 0) >= MAX_CANDIDATES };
}

/**
 * LangGraph's part of the session search: the threads Loupe has seen (started, opened, found
 * interrupted), by id and by the text Loupe recorded of them (what was sent, what the graph
 * answered, what its interrupts asked).
 */
export const lgSearch: SessionSearchSource = {
  search({ like, needle }: SearchQuery): SearchPart {
    const rows = query<ThreadRow>(
      getHub().store,
      `SELECT t.deployment_id, t.thread_id, t.updated_at, json_extract(d.config, '$.name') AS name
       FROM langgraph_threads t LEFT JOIN langgraph_deployments d ON d.id = t.deployment_id
       WHERE t.thread_id LIKE ? ESCAPE '\\' ORDER BY t.updated_at DESC LIMIT ${MAX_THREADS + 1}`,
    ).all(like);
    const ids = rows.slice(0, MAX_THREADS).map((r): SearchHit => ({
      kind: LG_SEARCH_KIND,
      match: "id",
      agentId: r.deployment_id,
      agentName: r.name ?? r.deployment_id,
      id: r.thread_id,
      updatedAt: r.updated_at,
    }));
    const found = new Set(ids.map((h) => `${h.agentId}\n${h.id}`));
    const text = byText(like, needle);
    const more = text.hits.filter((h) => !found.has(`${h.agentId}\n${h.id}`));
    const truncated = rows.length > MAX_THREADS || text.full || more.length > MAX_THREADS;
    return { hits: [...ids, ...more.slice(0, MAX_THREADS)], ...(truncated ? { truncated: true } : {}) };
  },
};
