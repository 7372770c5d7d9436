import "server-only";
import type { Fact, MessageFacts } from "./facts";

/** What the argument builder (./arguments.ts, ./strings.ts) carries down a tool's input schema. */

export type Schema = Record<string, unknown>;
/** A value, and whether it came from the message (optional fields are kept only then). */
export type Built = { value: unknown; found: boolean } | undefined;

export interface Ctx {
  facts: MessageFacts;
  root: Schema;
  /** Message positions already used by a sibling, so two fields do not take the same fact. */
  used: Set<number>;
  today: Date;
  depth: number;
  /** Inside an optional object: only facts the message spells out for a field count (no city guess). */
  strict: boolean;
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first fact of the list no sibling took yet (and that `accept` takes), marked used. */
export function takeFirst(facts: Fact[], ctx: Ctx, accept: (f: Fact) => boolean = () => true): Fact | undefined {
  const fact = facts.find((f) => !ctx.used.has(f.at) && accept(f));
  if (fact) ctx.used.add(fact.at);
  return fact;
}
