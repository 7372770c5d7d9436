import { errorMessage } from "@/lib/values";
/**
 * The one error type (STYLE.md rule 4). `code` is "kind:surface"; the client fetcher rebuilds it
 * from the JSON body so `query.error` is always an AppError. JSON-RPC errors travel in `details`.
 */
export type ErrorKind =
  "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "too_large" | "upstream" | "timeout" | "cancelled" | "internal";

export type ErrorCode = `${ErrorKind}:${string}`;

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  upstream: 502,
  timeout: 504,
  cancelled: 499,
  internal: 500,
};

export interface AppErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/**
 * Brand shared by every copy of this module. In the built app each route is bundled on its own,
 * so the registry (a globalThis singleton created by whichever route ran first) throws another
 * copy's AppError: a plain `instanceof` against this copy would miss it and turn a 404 into a 500.
 */
const BRAND = Symbol.for("loupe.AppError");

function isBranded(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && BRAND in value && value[BRAND] === true;
}

function isErrorKind(kind: string): kind is ErrorKind {
  return Object.hasOwn(STATUS, kind);
}

/** Whether `code` is an error code (`<kind>:<what>`), e.g. one read back from another instance. */
export function isErrorCode(code: string): code is ErrorCode {
  return isErrorKind(code.split(":")[0] ?? "") && code.includes(":");
}

export class AppError extends Error {
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    const kind = code.split(":")[0] ?? "";
    this.status = isErrorKind(kind) ? STATUS[kind] : 500;
  }

  /** `x instanceof AppError` holds for an AppError of any copy of this module (see BRAND). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // A subclass (none today) keeps the ordinary prototype check.
    return this === AppError ? isBranded(value) : Function.prototype[Symbol.hasInstance].call(this, value);
  }

  get kind(): ErrorKind {
    return this.code.split(":")[0] as ErrorKind;
  }

  toJSON(): AppErrorBody {
    return { code: this.code, message: this.message, details: this.details };
  }

  toResponse(): Response {
    return Response.json({ error: this.toJSON() }, { status: this.status });
  }

  /** Rebuilds an AppError from a response body; anything unrecognised becomes internal:client. */
  static fromBody(body: unknown, status: number): AppError {
    const err = (body as { error?: Partial<AppErrorBody> } | null)?.error;
    if (err && typeof err.code === "string" && typeof err.message === "string") {
      return new AppError(err.code, err.message, err.details);
    }
    return new AppError("internal:client", `Request failed with HTTP ${status}`, body);
  }

  /** Wraps anything thrown into an AppError without losing its message. */
  static from(e: unknown, fallback: ErrorCode = "internal:server"): AppError {
    if (e instanceof AppError) return e;
    const message = errorMessage(e);
    return new AppError(fallback, message);
  }
}

/**
 * A request that still waits, on another Loupe instance sharing the database (issue 25): a 409
 * `conflict:*_elsewhere`, whose words say which instance and whether answering again works. Not
 * "no longer waits": a card keeps its answer and says so.
 */
export function waitsElsewhere(error: unknown): boolean {
  return error instanceof AppError && error.status === 409 && error.code.endsWith("_elsewhere");
}
