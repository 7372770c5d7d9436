// Shared by the launcher (server.ts, plain Node) and the route helpers: no "server-only" import,
// which throws outside Next's react-server condition.

/**
 * Characters that could forge or hide a log line: C0 controls (CR, LF, ESC for terminal escape
 * sequences…), DEL, C1 controls, the Unicode line/paragraph separators, and the bidi controls
 * that reorder what a terminal shows.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One log line's worth of text: every unsafe character shown as an escape (`\n`, `\u001b`…). */
export function logSafe(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Writes one line to stderr whatever the parts contain (ids, URLs, upstream messages). With
 * `LOUPE_LOG_FORMAT=json` (a deployment that collects logs) each line is one JSON object instead:
 * `{"time","level","source","msg"}`, `level` "error" when a part is an Error, `source` the leading
 * `[name]` tag (`loupe` by default); JSON's own escaping keeps it on one line.
 */
export function logLine(...parts: unknown[]): void {
  const text = parts.map((p) => (p instanceof Error ? p.message : typeof p === "string" ? p : String(p))).join(" ");
  if (process.env.LOUPE_LOG_FORMAT !== "json") return void console.error(logSafe(text));
  const tag = /^\[([\w .:-]+)\]\s*/.exec(text);
  const level = parts.some((p) => p instanceof Error) ? "error" : "info";
  const line = { time: new Date().toISOString(), level, source: tag?.[1] ?? "loupe", msg: tag ? text.slice(tag[0].length) : text };
  // JSON.stringify leaves U+2028/U+2029 as they are: escaped too, so no reader splits the line there.
  console.error(JSON.stringify(line).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`));
}
