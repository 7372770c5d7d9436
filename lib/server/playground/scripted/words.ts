import "server-only";

/**
 * The scripted model's reading of words: which tools a message asks for, and whether a tool
 * only reads. Deliberately simple and deterministic, so the demo and the tests can predict it.
 */

/** Words too common to pick a tool by. */
const STOP_WORDS = new Set(
  "a an the and or but if then than to of in on at by for with from into about as is are was were be been am do does did can could would should will shall may might must i me my mine you your we our us it its this that these those there here please what which who whom how when where why also some any all just now tell give show let want need like get".split(
    " ",
  ),
);

/** Name words that say nothing about what a tool is for. */
const GENERIC_NAME_WORDS = new Set(
  "get list lookup look up fetch do run tool tools make info data the a of to for by with and new".split(" "),
);

/** Message words that stand for a name word ("weather" → a forecast tool). */
const SYNONYMS: Record<string, string[]> = {
  weather: ["forecast"],
  temperature: ["forecast"],
  rain: ["forecast"],
  sunny: ["forecast"],
  reserve: ["book"],
  reservation: ["booking"],
  room: ["hotel"],
  stay: ["hotel"],
  exchange: ["convert", "currency"],
  money: ["currency"],
  rate: ["currency"],
  dollar: ["currency"],
  euro: ["currency"],
  pound: ["currency"],
  yen: ["currency"],
  eur: ["currency"],
  usd: ["currency"],
  gbp: ["currency"],
  jpy: ["currency"],
  chf: ["currency"],
  journey: ["trip"],
};

const WRITE_VERBS = new Set(
  "book cancel create delete remove update set send pay write add plan reserve submit post put approve rebook upload insert edit modify move rename transfer charge order purchase buy".split(
    " ",
  ),
);
const READ_VERBS = new Set(
  "get list lookup look search find fetch read convert check show describe query view estimate calculate compute count echo render export download preview summarize inspect".split(
    " ",
  ),
);

/** Lower-case words of a text; a plural "s" dropped, so "hotels" matches "hotel". */
export function wordsOf(text: string): string[] {
  return rawWords(text).map(singular);
}

function rawWords(text: string): string[] {
  const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.match(/[a-z0-9]+/g) ?? [];
}

function singular(word: string): string {
  if (word.length > 3 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The words of a message that can pick a tool, with their synonyms. */
export function messageTerms(message: string): Set<string> {
  const terms = new Set<string>();
  for (const raw of rawWords(message)) {
    if (STOP_WORDS.has(raw)) continue;
    const word = singular(raw);
    terms.add(word);
    for (const synonym of SYNONYMS[word] ?? []) terms.add(synonym);
  }
  return terms;
}

export interface NamedTool {
  name: string;
  description?: string;
}

/**
 * The tools a message asks for, in the order given. A tool's score is the share of the
 * meaningful words of its name that the message names (or stands for); every tool the message
 * names fully is picked (a message can ask for several), else the best-scoring ones if they
 * reach half. When no name matches, the one tool whose description shares the most words with
 * the message (two at least) is picked.
 */
export function matchTools<T extends NamedTool>(message: string, tools: T[]): T[] {
  const terms = messageTerms(message);
  const scored = tools.map((tool) => {
    const words = [...new Set(wordsOf(tool.name).filter((w) => !GENERIC_NAME_WORDS.has(w)))];
    const hits = words.filter((w) => terms.has(w)).length;
    return { tool, score: words.length === 0 ? 0 : hits / words.length };
  });
  const full = scored.filter((s) => s.score === 1);
  const top = Math.max(0, ...scored.map((s) => s.score));
  const byName = (full.length > 0 ? full : top >= 0.5 ? scored.filter((s) => s.score === top) : []).map((s) => s.tool);
  if (byName.length > 0) return byName;
  let best: T | null = null;
  let bestScore = 1;
  for (const tool of tools) {
    const described = new Set(
      rawWords(tool.description ?? "")
        .filter((w) => !STOP_WORDS.has(w))
        .map(singular),
    );
    const score = [...terms].filter((t) => described.has(t)).length;
    if (score > bestScore) {
      best = tool;
      bestScore = score;
    }
  }
  return best ? [best] : [];
}

/**
 * Whether a tool only reads, judged from its name: a writing verb anywhere (book, cancel, plan…)
 * says no, a reading verb (get, list, convert…) says yes, anything else is taken to write.
 */
export function looksReadOnly(name: string): boolean {
  const words = wordsOf(name);
  if (words.some((w) => WRITE_VERBS.has(w))) return false;
  return words.some((w) => READ_VERBS.has(w));
}
