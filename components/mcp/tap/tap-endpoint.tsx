"use client";

import { useState } from "react";
import { EyeIcon, EyeOffIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/elements/copy-button";
import { maskedKey } from "@/lib/tap/snippets";
import { useAdminAction } from "@/components/elements/role";

export interface TapEndpointProps {
  url: string;
  /** The same tap over the legacy HTTP+SSE transport, for clients that speak only it. */
  sseUrl: string;
  /** The whole key (hidden until the user asks to see it). */
  secret: string;
  keyHint: string;
  onRotate: () => void;
  rotating: boolean;
  /** Shown state of the key, lifted so the snippets show the same. */
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}

/** The tap's URL and key: what any MCP client needs. The key stays masked until "Show". */
export function TapEndpoint({ url, sseUrl, secret, keyHint, onRotate, rotating, shown, onShownChange }: TapEndpointProps) {
  const [confirming, setConfirming] = useState(false);
  const admin = useAdminAction();
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2" data-testid="tap-endpoint">
      <dt className="text-xs text-muted-foreground">URL</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={url} data-testid="tap-url">
          {url}
        </code>
        <CopyButton getText={() => url} label="Copy URL" />
      </dd>
      <dt className="self-start pt-0.5 text-xs text-muted-foreground">SSE URL</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
        <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={sseUrl} data-testid="tap-sse-url">
          {sseUrl}
        </code>
        <CopyButton getText={() => sseUrl} label="Copy SSE URL" />
        <span className="basis-full text-xs text-muted-foreground">For clients that speak only the older HTTP+SSE transport.</span>
      </dd>
      <dt className="text-xs text-muted-foreground">Key</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <code
          className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
          data-testid="tap-key"
          data-state={shown ? "shown" : "hidden"}
        >
          {shown ? secret : maskedKey(keyHint)}
        </code>
        <Button size="xs" variant="outline" onClick={() => onShownChange(!shown)} data-testid="tap-key-toggle">
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          {shown ? "Hide" : "Show"}
        </Button>
        <CopyButton getText={() => secret} label="Copy key" />
        {confirming ? (
          <span className="inline-flex items-center gap-1 text-xs" data-testid="tap-rotate-confirm">
            The old key stops working at once.
            <Button
              size="xs"
              variant="destructive"
              disabled={rotating}
              onClick={() => {
                onRotate();
                setConfirming(false);
              }}
            >
              Rotate
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button
            size="xs"
            variant="ghost"
            disabled={rotating || admin.disabled}
            title={admin.title}
            onClick={() => setConfirming(true)}
            data-testid="tap-rotate"
          >
            <RotateCwIcon />
            Rotate key
          </Button>
        )}
      </dd>
    </dl>
  );
}
