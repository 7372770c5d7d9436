/**
 * JSON with comments and trailing commas, as VS Code reads its `mcp.json` (JSONC). Comments and
 * trailing commas are blanked out in place (same offsets), then JSON.parse reads the rest, so an
 * error still points at the line and column of the user's own text.
 */

export type JsoncResult = { ok: true; value: unknown } | { ok: false; error: string };

/** The text with `//` and `/* *\/` comments and trailing commas replaced by spaces (newlines kept). */
export function blankJsonc(text: string): string {
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n" && out[k] !== "\r") out[k] = " ";
  };
  let lastComma = -1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      lastComma = -1;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === ",") {
      lastComma = i++;
    } else if (c === "}" || c === "]") {
      if (lastComma !== -1) out[lastComma] = " ";
      lastComma = -1;
      i++;
    } else {
      if (!/\s/.test(c)) lastComma = -1;
      i++;
    }
  }
  return out.join("");
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** Parses JSONC; a failure says where (line, column) and what JSON.parse found there. */
export function parseJsonc(text: string): JsoncResult {
  if (!text.trim()) return { ok: false, error: "The text is empty" };
  const blanked = blankJsonc(text);
  try {
    return { ok: true, value: JSON.parse(blanked) };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /at position (\d+)/.exec(message)?.[1];
    const where = at !== undefined ? lineAndColumn(text, Number(at)) : /end of JSON/i.test(message) ? "the end of the text" : "";
    const what = message.replace(/\s*in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "");
    return { ok: false, error: where ? `Not valid JSON at ${where}: ${what}` : `Not valid JSON: ${what}` };
  }
}
