import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import type { ConformanceSuiteState } from "@/lib/contracts/conformance";
import type { AppError } from "@/lib/errors";

export interface SuiteSetupProps {
  suite: ConformanceSuiteState;
  /** Starts the install (POST /api/conformance/suite). */
  onInstall: () => void;
  starting: boolean;
  /** The POST itself failed (e.g. another install goes). */
  error: AppError | null;
}

/** The last npm lines shown while installing or after a failure (the server keeps at most 200). */
const SHOWN_LINES = 12;

/**
 * The suite is not installed (issue 22): what is missing and where Loupe looked, an explicit
 * Install that puts it in Loupe's data folder, npm's progress, and a failure in words.
 */
export function SuiteSetup({ suite, onInstall, starting, error }: SuiteSetupProps) {
  const installing = suite.status === "installing";
  return (
    <div className="flex flex-col gap-3 rounded-md border p-3 text-sm" data-testid="conformance-suite" data-status={suite.status}>
      <div className="flex flex-col gap-1">
        <p className="font-medium">The conformance suite is not installed</p>
        <p className="text-xs text-muted-foreground">
          The tab runs the official <span className="font-mono">@modelcontextprotocol/conformance</span> suite on its own Node 22. Loupe
          looked in <span className="font-mono">{suite.looked.join(", ")}</span>. Install puts it (about 100 MB, once) in{" "}
          <span className="font-mono">{suite.installDir}</span>.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onInstall} disabled={installing || starting} data-testid="conformance-install">
          <DownloadIcon /> {installing ? "Installing the conformance suite…" : "Install the conformance suite"}
        </Button>
        <span className="text-xs text-muted-foreground">
          or by hand: <code className="font-mono break-all">{suite.manual}</code>
        </span>
      </div>
      {suite.error && (
        <p role="alert" className="text-xs text-destructive" data-testid="conformance-install-error">
          {suite.error}
        </p>
      )}
      {error && <QueryError title="Could not start the install" error={error} />}
      {suite.lines.length > 0 && (
        <pre
          className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-[11px] leading-snug whitespace-pre-wrap"
          data-testid="conformance-install-log"
          aria-label="npm output"
        >
          {suite.lines.slice(-SHOWN_LINES).join("\n")}
        </pre>
      )}
    </div>
  );
}
