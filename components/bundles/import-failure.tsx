import { AlertTriangleIcon } from "lucide-react";
import type { BundleIssue } from "@/lib/contracts/bundle";
import type { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";

/** The issues a refused import lists (`details.issues`); none for another failure (network, 413…). */
export function importIssues(error: AppError): BundleIssue[] {
  const issues = isRecord(error.details) ? error.details.issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is BundleIssue => isRecord(i) && typeof i.path === "string" && typeof i.message === "string");
}

/**
 * One row per path: zod can report a path twice (a missing `snapshot` as "expected nonoptional"
 * and "expected object"), which read as two different problems in the browser.
 */
function byPath(issues: BundleIssue[]): BundleIssue[] {
  const rows = new Map<string, string[]>();
  for (const issue of issues) {
    const messages = rows.get(issue.path) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    rows.set(issue.path, messages);
  }
  return [...rows].map(([path, messages]) => ({ path, message: messages.join("; ") }));
}

export interface ImportFailureProps {
  error: AppError;
  className?: string;
}

/** Why an import was refused: the server's message, then each problem with the part of the file it is in. Nothing was stored. */
export function ImportFailure({ error, className }: ImportFailureProps) {
  const issues = byPath(importIssues(error));
  return (
    <div role="alert" data-testid="bundle-import-error" className={className}>
      <div className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">Import failed — nothing was imported</p>
          {/* The server's message repeats the first issue ("… (and 15 more problems)"): with the list shown, a count reads better. */}
          <p className="text-xs break-words text-muted-foreground" data-testid="bundle-import-error-message">
            {issues.length > 0
              ? `${issues.length} ${issues.length === 1 ? "problem" : "problems"} in the file, each with where it is:`
              : error.message}
          </p>
          {issues.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1 text-xs" data-testid="bundle-import-issues">
              {issues.map((issue, i) => (
                <li key={`${i}:${issue.path}`} data-testid="bundle-import-issue" className="flex flex-wrap gap-x-2">
                  <code className="font-mono text-destructive">{issue.path}</code>
                  <span className="break-words">{issue.message}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
