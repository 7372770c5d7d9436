import type { AppError } from "@/lib/errors";

export interface LgErrorProps {
  title: string;
  error: AppError | Error;
  testId?: string;
}

/** A failed call said raw: the HTTP status, the route's code and its words (never a blank pane). */
export function LgError({ title, error, testId = "lg-error" }: LgErrorProps) {
  const status = "status" in error ? error.status : undefined;
  const code = "code" in error ? String(error.code) : undefined;
  return (
    <div role="alert" data-testid={testId} className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs">
      <p className="font-medium text-destructive">{title}</p>
      <p className="break-words">
        {status !== undefined && <code className="mr-1 font-mono">HTTP {status}</code>}
        {code && <code className="mr-1 font-mono">{code}</code>}
        {error.message}
      </p>
    </div>
  );
}
