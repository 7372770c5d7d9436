/**
 * Characters that change how a name looks without being seen: bidi embeddings, overrides and
 * isolates (a tool called "run\u202Eexe.sh" reads as "runhs.exe"), direction marks, zero-width
 * joiners and spaces, C0/C1 controls, tag characters and fillers. A server- or agent-supplied name
 * is shown with each of them spelled out, so two names that look alike are told apart (issue 9 §2).
 */
const NAMES: Record<number, string> = {
  0x061c: "ARABIC LETTER MARK",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
  0x00ad: "SOFT HYPHEN",
};

/** Bidi controls proper: the ones that can reorder what is drawn. */
export function isBidiControl(cp: number): boolean {
  return cp === 0x061c || cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

export function isHiddenChar(cp: number): boolean {
  return (
    isBidiControl(cp) ||
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x180e ||
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0x3164 ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff9 && cp <= 0xfffb) ||
    (cp >= 0xe0000 && cp <= 0xe007f)
  );
}

export type TextSegment = { kind: "text"; text: string } | { kind: "hidden"; char: string; code: string; name: string; bidi: boolean };

/** "U+202E" (at least four hex digits, as Unicode writes them). */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Splits a name into plain runs and hidden characters, in order; joins back to the input. */
export function segmentHidden(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let run = "";
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (!isHiddenChar(cp)) {
      run += char;
      continue;
    }
    if (run) out.push({ kind: "text", text: run });
    run = "";
    const code = codePointLabel(cp);
    out.push({
      kind: "hidden",
      char,
      code,
      name: NAMES[cp] ?? (cp < 0xa0 ? "CONTROL CHARACTER" : "INVISIBLE CHARACTER"),
      bidi: isBidiControl(cp),
    });
  }
  if (run) out.push({ kind: "text", text: run });
  return out;
}

export function hasHiddenChars(text: string): boolean {
  for (const char of text) if (isHiddenChar(char.codePointAt(0)!)) return true;
  return false;
}

/** The name as plain text with each hidden character spelled "⟨U+202E⟩": for <option>, titles and labels. */
export function revealHidden(text: string): string {
  if (!hasHiddenChars(text)) return text;
  return segmentHidden(text)
    .map((s) => (s.kind === "text" ? s.text : `⟨${s.code}⟩`))
    .join("");
}
