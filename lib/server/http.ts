import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** Runs a route body; anything thrown becomes the AppError's own response (STYLE rule 1). */
export async function handle(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    const appError = AppError.from(error);
    if (appError.status >= 500) console.error("[loupe] route failed:", appError.message);
    return appError.toResponse();
  }
}

function validationError(surface: string, error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const first = issues[0];
  const message = first ? `Invalid ${surface}: ${first.path ? `${first.path}: ` : ""}${first.message}` : `Invalid ${surface}`;
  return new AppError(`bad_request:${surface}`, message, { issues });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, surface: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(surface, parsed.error);
  return parsed.data;
}

/** Parses a JSON body; an empty body counts as `{}` (e.g. cancel without a reason). */
export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = await req.text();
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("bad_request:json", "The request body is not valid JSON");
    }
  }
  return parseWith(schema, json, "body");
}

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  return parseWith(schema, params, "query");
}
