"use client";

import { CheckIcon, ExternalLinkIcon, ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BusyButton } from "@/components/elements/busy-button";
import type { ElicitationAnswer, McpClientRequest } from "@/lib/contracts/mcp-requests";
import { elicitationUrlView } from "@/lib/protocols/mcp/request-params";

export interface ElicitationUrlProps {
  request: McpClientRequest;
  onAnswer: (answer: ElicitationAnswer) => void;
  busy: boolean;
  actions: ReactNode;
}

/**
 * URL-mode elicitation: the server wants the user to visit a page (a sign-in, a payment). The
 * domain is shown first and large, so a look-alike host is noticed before clicking; the link
 * opens in a new tab without an opener. Loupe cannot know whether the user finished there, so the
 * answer is an explicit "I opened it — done".
 */
export function ElicitationUrl({ request, onAnswer, busy, actions }: ElicitationUrlProps) {
  const view = elicitationUrlView(request.params);
  return (
    <div className="flex flex-col gap-3" data-testid="elicitation-url">
      <p className="text-sm whitespace-pre-wrap" data-testid="elicitation-message">
        {view.message || "The server asks you to open a page."}
      </p>
      <div className="flex flex-col gap-1 rounded-md border bg-muted/30 p-3">
        <span className="text-xs text-muted-foreground">The page is on</span>
        <span className="text-lg font-semibold break-all" data-testid="elicitation-url-domain">
          {view.domain ?? "(not a valid URL)"}
        </span>
        <code className="font-mono text-xs break-all" data-testid="elicitation-url-text">
          {view.url}
        </code>
        {view.linkable ? (
          <a
            href={view.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            data-testid="elicitation-url-link"
          >
            Open {view.domain} in a new tab
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        ) : (
          <p className="flex items-center gap-1 text-xs text-destructive" data-testid="elicitation-url-unsafe">
            <ShieldAlertIcon className="size-3.5" aria-hidden />
            Only http and https addresses are opened from Loupe; copy it yourself if you trust it.
          </p>
        )}
        {view.elicitationId && <span className="font-mono text-[11px] text-muted-foreground">elicitationId {view.elicitationId}</span>}
      </div>
      <div className="flex flex-wrap gap-2">
        <BusyButton data-testid="elicitation-url-done" busy={busy} onClick={() => onAnswer({ action: "accept" })}>
          <CheckIcon />I opened it — done
        </BusyButton>
        {actions}
      </div>
    </div>
  );
}
