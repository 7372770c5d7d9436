import "server-only";
import { takeFirst, type Built, type Ctx, type Schema } from "./fill-context";
import { wordsOf } from "./words";

/**
 * A string field of the scripted model's arguments (./arguments.ts): a value the message gives
 * (a date, an e-mail, a URL, a token matching the pattern, a city, a quoted text), else the
 * schema's default, example or "e.g." hint, else a placeholder that fits its format.
 */

const CITY_WORDS = new Set(["city", "location", "place", "destination", "town", "where", "origin"]);
const FREE_TEXT_WORDS = new Set(["query", "q", "text", "message", "prompt", "search", "question", "input"]);
const PERSON_WORDS = new Set(["name", "holder", "traveler", "guest", "author", "owner", "user"]);
const IATA: Record<string, string> = {
  lisbon: "LIS",
  madrid: "MAD",
  paris: "CDG",
  london: "LHR",
  porto: "OPO",
  berlin: "BER",
  rome: "FCO",
  tokyo: "HND",
  "new york": "JFK",
  barcelona: "BCN",
};

export function buildString(name: string, schema: Schema, required: boolean, ctx: Ctx): Built {
  const found = stringFromMessage(name, schema, required && !ctx.strict, ctx);
  if (found !== undefined) return { value: fitLength(found, schema), found: true };
  if (!required) return undefined;
  return { value: fitLength(fallbackString(name, schema, ctx), schema), found: false };
}

/** An optional field takes only values the message spells out for it (a date, an e-mail, a URL, a token matching its pattern). */
function stringFromMessage(name: string, schema: Schema, required: boolean, ctx: Ctx): string | undefined {
  const { facts } = ctx;
  const format = typeof schema.format === "string" ? schema.format : "";
  const pattern = typeof schema.pattern === "string" ? safeRegExp(schema.pattern) : null;
  const words = wordsOf(name);
  if (format === "date") return takeFirst(facts.dates, ctx)?.text;
  if (format === "date-time") {
    const date = takeFirst(facts.dates, ctx)?.text;
    return date ? `${date}T00:00:00Z` : undefined;
  }
  if (format === "email") return takeFirst(facts.emails, ctx)?.text;
  if (format === "uri" || format === "url") return takeFirst(facts.urls, ctx)?.text;
  if (pattern) {
    const token = takeFirst(facts.tokens, ctx, (t) => t.text !== "" && pattern.test(t.text));
    if (token) return token.text;
    // An airport code the message gives as a city name.
    if (required && pattern.test("LIS")) {
      const city = takeFirst(facts.properNouns, ctx, (f) => IATA[f.text.toLowerCase()] !== undefined);
      if (city) return IATA[city.text.toLowerCase()];
    }
    return undefined;
  }
  if (!required) return undefined;
  if (words.some((w) => CITY_WORDS.has(w))) return takeFirst(facts.properNouns, ctx)?.text ?? placeAfterPreposition(facts.message);
  if (words.some((w) => FREE_TEXT_WORDS.has(w))) return takeFirst(facts.quoted, ctx)?.text ?? facts.message.trim().slice(0, 200);
  return takeFirst(facts.quoted, ctx)?.text;
}

/** "weather in lisbon": a lower-case place after in / at / to, capitalised. */
function placeAfterPreposition(message: string): string | undefined {
  const m = /\b(?:in|at|to)\s+([a-z][\p{L}-]{2,})/u.exec(message);
  const word = m?.[1];
  if (!word || ["the", "my", "our", "your", "a", "an", "there", "here", "me"].includes(word)) return undefined;
  return word[0]!.toUpperCase() + word.slice(1);
}

function fallbackString(name: string, schema: Schema, ctx: Ctx): string {
  const format = typeof schema.format === "string" ? schema.format : "";
  const pattern = typeof schema.pattern === "string" ? safeRegExp(schema.pattern) : null;
  const fits = (s: unknown): s is string => typeof s === "string" && (!pattern || pattern.test(s));
  if (fits(schema.default)) return schema.default;
  const examples = Array.isArray(schema.examples) ? schema.examples.filter(fits) : [];
  if (examples[0] !== undefined) return examples[0];
  // "e.g. LIS, MAD", "try 4242424242424242", "like BK-100001": the description's own sample.
  const description = typeof schema.description === "string" ? schema.description : "";
  for (const m of description.matchAll(/(?:e\.g\.|try|like|such as|for example)\s+([^\s,;]+)/gi)) {
    const sample = m[1]!.replace(/[.)]+$/, "");
    if (fits(sample)) return sample;
  }
  if (format === "date") return isoDay(ctx.today, 7);
  if (format === "date-time") return `${isoDay(ctx.today, 7)}T09:00:00Z`;
  if (format === "email") return "traveler@example.com";
  if (format === "uri" || format === "url") return "https://example.com/notify";
  if (pattern?.test("12/30")) return "12/30";
  const words = wordsOf(name);
  if (words.some((w) => CITY_WORDS.has(w))) return ctx.facts.properNouns[0]?.text ?? "Lisbon";
  if (words.some((w) => PERSON_WORDS.has(w))) return "Alex Morgan";
  if (words.includes("title")) return ctx.facts.message.trim().slice(0, 60) || "Untitled";
  return `sample ${name}`;
}

function fitLength(value: string, schema: Schema): string {
  let out = value;
  if (typeof schema.maxLength === "number") out = out.slice(0, schema.maxLength);
  if (typeof schema.minLength === "number" && out.length < schema.minLength) out = out.padEnd(schema.minLength, "x");
  return out;
}

function isoDay(today: Date, plusDays: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + plusDays)).toISOString().slice(0, 10);
}

function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}
