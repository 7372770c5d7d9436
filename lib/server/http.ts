import "server-only";
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { logLine } from "@/lib/log-text";
import { nestedDeeperThan } from "@/lib/values";

/** Runs a route body; anything thrown becomes the AppError's own response (STYLE rule 1). */
export async function handle(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    const appError = AppError.from(error);
    // Escaped: the message may quote ids, URLs or upstream text that must not forge log lines.
    if (appError.status >= 500) logLine("[loupe] route failed:", appError.message);
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

/**
 * The largest JSON body a route reads (8 MiB: tool arguments, answers and configs are far smaller;
 * a bigger body is a mistake or an attack and would otherwise be held in memory whole).
 */
export const MAX_JSON_BODY_BYTES = 8 * 1024 * 1024;

function tooLarge(bytes: number, limit: number): AppError {
  const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
  return new AppError("too_large:body", `The request body (at least ${mb(bytes)}) is over the ${mb(limit)} limit`, { limit, bytes });
}

/** The client went away (or its connection broke) before the whole body arrived: its mistake, not Loupe's. */
function cutOff(): AppError {
  return new AppError("bad_request:body", "The request body ended before it was complete");
}

/** The body as text, refused with 413 as soon as it passes `limit` (by Content-Length or while streaming). */
export async function readText(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared, limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read().catch(() => Promise.reject(cutOff()));
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(total, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * How deep a body's JSON may nest. JSON.parse takes any depth, but JSON.stringify (storing the
 * call, sending it upstream, answering) overflows the stack a few thousand levels down: deeper
 * input is refused up front as the client's mistake, not left to fail later as a 500.
 */
export const MAX_JSON_DEPTH = 512;

/** Parses a JSON body; an empty body counts as `{}` (e.g. cancel without a reason). */
export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseBodyText(await readText(req), schema);
}

/** The body text checked as readBody checks it: JSON, not too deep, then the route's schema. */
export function parseBodyText<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("bad_request:json", "The request body is not valid JSON");
    }
    if (nestedDeeperThan(json, MAX_JSON_DEPTH)) {
      throw new AppError("bad_request:json", `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
  }
  return parseWith(schema, json, "body");
}

/**
 * readText for a Node request (the launcher's direct routes, lib/server/fast-routes.ts): the same
 * 413 by Content-Length or while streaming. A refused body is left unread; the answer then closes
 * the connection.
 */
export function readNodeText(req: IncomingMessage, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(declared, limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        req.off("data", onData);
        req.pause();
        reject(tooLarge(total, limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    req.once("error", () => reject(cutOff()));
  });
}

/** handle() for a direct route: the answer as a status and JSON text, errors as their AppError body. */
export async function answerJson(fn: () => Promise<unknown>): Promise<{ status: number; json: string }> {
  try {
    return { status: 200, json: JSON.stringify(await fn()) };
  } catch (error) {
    const appError = AppError.from(error);
    if (appError.status >= 500) logLine("[loupe] route failed:", appError.message);
    return { status: appError.status, json: JSON.stringify({ error: appError.toJSON() }) };
  }
}

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  return parseWith(schema, params, "query");
}
