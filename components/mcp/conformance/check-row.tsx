import { ChevronRightIcon, ExternalLinkIcon } from "lucide-react";
import { JsonView } from "@/components/elements/json-view";
import { Badge } from "@/components/ui/badge";
import { SafeText } from "@/components/ui/safe-text";
import type { ConformanceCheck } from "@/lib/contracts/conformance";
import { checkLabel, checkVariant } from "./labels";

/** Spec links come from the suite's results: only http(s) ones become links. */
const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//.test(url);

/** One check of a scenario: status and name; opened, its message, spec references and what the suite recorded. */
export function CheckRow({ check }: { check: ConformanceCheck }) {
  return (
    <details className="group border-t first:border-t-0" data-testid="conformance-check" data-check={check.id} data-status={check.status}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2 py-1.5 text-xs select-none hover:bg-muted/40">
        <ChevronRightIcon className="size-3.5 shrink-0 transition-transform group-open:rotate-90" />
        <Badge variant={checkVariant(check.status)} className="shrink-0">
          {checkLabel(check.status)}
        </Badge>
        <span className="min-w-0 truncate font-medium">
          <SafeText text={check.name} />
        </span>
        <span className="ml-auto hidden shrink-0 font-mono text-[10px] text-muted-foreground sm:inline">
          <SafeText text={check.id} />
        </span>
      </summary>
      <div className="flex flex-col gap-2 px-7 pb-3 text-xs" data-testid="conformance-check-body">
        {check.description && (
          <p className="text-muted-foreground">
            <SafeText text={check.description} />
          </p>
        )}
        {check.message && (
          <p
            className="rounded border border-destructive/30 bg-destructive/5 p-2 break-words whitespace-pre-wrap"
            data-testid="conformance-check-message"
          >
            <SafeText text={check.message} />
          </p>
        )}
        {check.specReferences.length > 0 && (
          <ul className="flex flex-wrap gap-x-3 gap-y-1" data-testid="conformance-spec-refs">
            {check.specReferences.map((ref) => (
              <li key={`${ref.id}${ref.url ?? ""}`}>
                {isWebUrl(ref.url) ? (
                  <a
                    href={ref.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-sky-700 underline-offset-2 hover:underline dark:text-sky-300"
                  >
                    <SafeText text={ref.id} />
                    <ExternalLinkIcon className="size-3" />
                  </a>
                ) : (
                  <SafeText text={ref.id} />
                )}
              </li>
            ))}
          </ul>
        )}
        {check.details !== undefined && (
          <div className="flex flex-col gap-1" data-testid="conformance-check-details">
            <span className="font-medium text-muted-foreground">Recorded by the suite with this check</span>
            <JsonView value={check.details} data-testid="conformance-check-json" />
          </div>
        )}
        {check.logs && check.logs.length > 0 && (
          <pre className="max-h-40 overflow-auto rounded bg-muted/60 p-1.5 font-mono text-[11px] whitespace-pre-wrap">
            <SafeText text={check.logs.join("\n")} />
          </pre>
        )}
      </div>
    </details>
  );
}
