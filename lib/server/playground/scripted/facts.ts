import "server-only";

/**
 * What the scripted model picks out of a user message to fill tool arguments: proper nouns
 * (cities), numbers with the word beside them, dates, e-mails, URLs, codes in capitals, quoted
 * text. Each fact keeps its position, so sibling arguments take them in message order
 * ("convert 100 EUR to USD" → from EUR, to USD).
 */

export interface Fact {
  text: string;
  at: number;
}

export interface NumberFact extends Fact {
  value: number;
  /** The words just before and after the number, lower-case ("for 3 nights" → ["for", "nights"]). */
  before: string;
  after: string;
}

export interface MessageFacts {
  message: string;
  properNouns: Fact[];
  numbers: NumberFact[];
  dates: Fact[];
  emails: Fact[];
  urls: Fact[];
  codes: Fact[];
  quoted: Fact[];
  /** Whitespace-separated tokens stripped of edge punctuation, for pattern matching. */
  tokens: Fact[];
}

/** Capitalised words that start sentences or commands rather than name places or people. */
const NOT_NAMES = new Set(
  "i the a an and what whats what's how when where which who why please can could would will is are do does tell show give get find book cancel plan convert check look list weather hi hello hey then also next this that my me it in on for to from at".split(
    " ",
  ),
);

function all(re: RegExp, text: string): Fact[] {
  return [...text.matchAll(re)].map((m) => ({ text: m[1] ?? m[0], at: m.index ?? 0 }));
}

export function readFacts(message: string): MessageFacts {
  const properNouns = all(/\b([A-Z][\p{Ll}]+(?:\s+[A-Z][\p{Ll}]+)*)/gu, message).filter((f) => !NOT_NAMES.has(f.text.toLowerCase()));
  const numbers = [...message.matchAll(/(?<![\w.-])(\d+(?:\.\d+)?)(?![\w-])/g)].map((m) => {
    const at = m.index ?? 0;
    const before = /([\p{L}]+)\W*$/u.exec(message.slice(Math.max(0, at - 30), at))?.[1]?.toLowerCase() ?? "";
    const after = /^\W*([\p{L}]+)/u.exec(message.slice(at + m[0].length, at + m[0].length + 30))?.[1]?.toLowerCase() ?? "";
    return { text: m[0], at, value: Number(m[0]), before, after };
  });
  return {
    message,
    properNouns,
    numbers,
    dates: all(/\b(\d{4}-\d{2}-\d{2})\b/g, message),
    emails: all(/\b([\w.+-]+@[\w-]+(?:\.[\w-]+)+)\b/g, message),
    urls: all(/\b(https?:\/\/[^\s"'<>]+[^\s"'<>.,;:!?)])/g, message),
    codes: all(/\b([A-Z]{2,5})\b/g, message),
    quoted: all(/["“]([^"”]+)["”]/g, message),
    tokens: [...message.matchAll(/\S+/g)].map((m) => ({ text: m[0].replace(/^[("'“]+|[)"'”,.;:!?]+$/g, ""), at: m.index ?? 0 })),
  };
}
