/**
 * Splits a command line the way a POSIX shell would for a simple command: whitespace separates
 * words, single quotes keep text literally, double quotes keep spaces and honour \" and \\,
 * a backslash outside quotes escapes the next character. No expansion of any kind happens: the
 * words go to spawn() as they are. Throws on an unterminated quote so a typo is reported, not run.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\")) word += line[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`Unterminated ${quote === "'" ? "single" : "double"} quote in: ${line}`);
  if (inWord) words.push(word);
  return words;
}

/** The inverse, for showing a saved command and its args as one editable line. */
export function joinCommandLine(words: string[]): string {
  return words.map((w) => (w !== "" && /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
}
