import { z } from "zod";
import type { ErrorKind } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";

/*
 * The schemas use z.object, not z.looseObject: a parse still accepts fields a schema does not
 * name (a newer server's), parseEntry hands out the raw as recorded (nothing stripped), and the
 * inferred types stay exact, so the server's own interfaces are assignable to them.
 *
 * A kind's payload type comes from its schema. Two ways to write one:
 * - `describes<T>()(schema)`: the schema checks the whole contract type T, and the compiler proves
 *   the schema's type is exactly T. Used for Loupe's records whose required fields are all small.
 * - `spotChecked<T>(check)`: the schema checks a few fields and trusts the rest (below).
 */

/** T with its intersections merged into one object type, at every depth (`A & { b }` reads as `{ …A, b }`). */
type Flat<T> = T extends object ? { [K in keyof T]: Flat<T[K]> } : T;

/**
 * `true` when A and B are the same type: the compiler's own identity test (not mere assignability,
 * which would let a schema leave out an optional field), after intersections are merged.
 */
export type Same<A, B> = (<G>() => G extends Flat<A> ? 1 : 2) extends <G>() => G extends Flat<B> ? 1 : 2 ? true : false;

/**
 * The schema of the whole contract type `T`: `describes<RunRecord>()(z.object({ … }))` compiles
 * only when the schema's type is exactly `T` (a field missing, extra, optional where `T` requires
 * it, or of another type fails with both types shown), so the entry's payload type is what a
 * parse checked.
 */
export function describes<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._proof: Same<z.output<S>, T> extends true ? [] : [mismatch: { schema: z.output<S>; type: T }]
  ): S => schema;
}

/**
 * A payload the server records as the contract type `T` (a CallRecord, a ConnectionState…) that
 * is only spot-checked: `check` tests the fields readers key on, and only small ones, and the
 * rest is trusted because Loupe wrote it (the typed `record()` holds the server to whole `T`
 * values). Used where a whole schema is unreasonable: a large foreign shape (an ADK Content, an
 * MCP server's capabilities), or a field that can be large (arguments, results, bodies). A raw
 * over 64 KB travels as a preview that keeps top-level fields up to 1 KB (lib/server/preview.ts),
 * and such a preview must still parse, so a reader of a previewed entry (`entry.truncated`) must
 * not trust fields that can be large. The parse hands back what `check` read, typed as `T`;
 * parseEntry returns the raw as recorded.
 */
export function spotChecked<T>(check: z.ZodType): z.ZodType<T> {
  return check.pipe(z.custom<T>());
}

/** A JSON object (not null, not an array). */
export const jsonObject = z.record(z.string(), z.unknown());

const errorKind = describes<ErrorKind>()(
  z.enum([
    "bad_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "conflict",
    "too_large",
    "upstream",
    "timeout",
    "cancelled",
    "internal",
  ]),
);

/** An AppErrorBody as a record carries it (`error` of a run, a task, a human request). */
export const appErrorBody = describes<AppErrorBody>()(
  z.object({ code: z.templateLiteral([errorKind, ":", z.string()]), message: z.string(), details: z.unknown().optional() }),
);
