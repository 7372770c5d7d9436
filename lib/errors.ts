/**
 * The one error type (STYLE.md rule 4). `code` is "kind:surface"; the client fetcher rebuilds it
 * from the JSON body so `query.error` is always an AppError. JSON-RPC errors travel in `details`.
 */
export type ErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "upstream"
  | "timeout"
  | "cancelled"
  | "internal";

export type ErrorCode = `${ErrorKind}:${string}`;

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
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

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    const kind = code.split(":")[0] as ErrorKind;
    this.status = STATUS[kind] ?? 500;
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
      return new AppError(err.code as ErrorCode, err.message, err.details);
    }
    return new AppError("internal:client", `Request failed with HTTP ${status}`, body);
  }

  /** Wraps anything thrown into an AppError without losing its message. */
  static from(e: unknown, fallback: ErrorCode = "internal:server"): AppError {
    if (e instanceof AppError) return e;
    const message = e instanceof Error ? e.message : String(e);
    return new AppError(fallback, message);
  }
}
