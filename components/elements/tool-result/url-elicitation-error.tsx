"use client";

import { useState } from "react";
import { ExternalLinkIcon, RotateCwIcon, ShieldAlertIcon } from "lucide-react";
import { elicitationUrlView, type ElicitationUrlView } from "@/lib/protocols/mcp/request-params";
import { Button } from "@/components/ui/button";

/** MCP's URLElicitationRequiredError: the call needs the user to visit a page first. */
export const URL_ELICITATION_REQUIRED = -32042;

/**
 * The links of a -32042 error (`data.elicitations`, url mode), or null when the error is not one
 * or carries no link: the generic view then shows the raw data.
 */
export function requiredUrlElicitations(details: unknown): ElicitationUrlView[] | null {
  if (typeof details !== "object" || details === null) return null;
  const { code, data } = details as { code?: unknown; data?: unknown };
  if (code !== URL_ELICITATION_REQUIRED || typeof data !== "object" || data === null) return null;
  const list = (data as { elicitations?: unknown }).elicitations;
  if (!Array.isArray(list)) return null;
  const links = list
    .filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null && typeof (e as { url?: unknown }).url === "string")
    .map((e) => elicitationUrlView(e));
  return links.length ? links : null;
}

function RequiredLink({ link, index }: { link: ElicitationUrlView; index: number }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-1 rounded-md border bg-background/60 p-3" data-testid="url-elicitation-link">
      {link.message && <p className="text-sm whitespace-pre-wrap">{link.message}</p>}
      <span className="text-xs text-muted-foreground">The page is on</span>
      <span className="text-lg font-semibold break-all" data-testid="url-elicitation-domain">
        {link.domain ?? "(not a valid URL)"}
      </span>
      <code className="font-mono text-xs break-all">{link.url}</code>
      {!link.linkable ? (
        <p className="flex items-center gap-1 text-xs text-destructive" data-testid="url-elicitation-unsafe">
          <ShieldAlertIcon className="size-3.5" aria-hidden />
          Only http and https addresses are opened from Loupe; copy it yourself if you trust it.
        </p>
      ) : confirming ? (
        // An explicit second step: the user reads the domain before anything opens.
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Open link ${index + 1}?`}>
          <span className="text-sm">Open {link.domain} in a new tab?</span>
          <Button asChild size="sm">
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="url-elicitation-open"
              onClick={() => setConfirming(false)}
            >
              Open
              <ExternalLinkIcon aria-hidden />
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Not now
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" className="w-fit" data-testid="url-elicitation-confirm" onClick={() => setConfirming(true)}>
          Open link…
        </Button>
      )}
      {link.elicitationId && <span className="font-mono text-[11px] text-muted-foreground">elicitationId {link.elicitationId}</span>}
    </li>
  );
}

export interface UrlElicitationErrorProps {
  links: ElicitationUrlView[];
  /** Runs the same call again (the server expects a retry once the page is done). */
  onRetry?: () => void;
}

/** A call refused with -32042: the page(s) to visit, then a retry of the call. */
export function UrlElicitationError({ links, onRetry }: UrlElicitationErrorProps) {
  return (
    <div className="flex flex-col gap-2" data-testid="url-elicitation-error">
      <p className="text-sm">
        The server needs you to open {links.length === 1 ? "a page" : `${links.length} pages`} before this call can run. Finish there, then
        retry the call.
      </p>
      <ul className="flex flex-col gap-2">
        {links.map((link, i) => (
          <RequiredLink key={`${i}-${link.url}`} link={link} index={i} />
        ))}
      </ul>
      {onRetry && (
        <Button size="sm" className="w-fit" data-testid="url-elicitation-retry" onClick={onRetry}>
          <RotateCwIcon />
          Retry the call
        </Button>
      )}
    </div>
  );
}
