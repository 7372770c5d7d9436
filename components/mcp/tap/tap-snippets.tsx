"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/elements/copy-button";
import { SNIPPET_LABEL, SNIPPET_WHERE, maskedKey, tapSnippet } from "@/lib/tap/snippets";
import type { SnippetKind } from "@/lib/tap/snippets";

const KINDS = Object.keys(SNIPPET_LABEL) as SnippetKind[];

export interface TapSnippetsProps {
  name: string;
  url: string;
  secret: string;
  keyHint: string;
  /** This Loupe's tap bridge on this machine (TapSecret.bin), for the offline snippet. */
  bin: string;
  /** Whether the key is shown in the text; Copy always copies the real key (that is what gets pasted). */
  shown: boolean;
}

/** Ready-to-paste client configs for the tap, one client at a time. */
export function TapSnippets({ name, url, secret, keyHint, bin, shown }: TapSnippetsProps) {
  const [kind, setKind] = useState<SnippetKind>("claude");
  const text = (key: string) => tapSnippet(kind, { name, url, key, bin });
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="tap-snippets">
      <div className="flex flex-wrap items-center gap-1" role="tablist" aria-label="Client">
        {KINDS.map((k) => (
          <Button
            key={k}
            size="xs"
            variant={k === kind ? "secondary" : "ghost"}
            role="tab"
            aria-selected={k === kind}
            onClick={() => setKind(k)}
            data-testid={`tap-snippet-${k}`}
          >
            {SNIPPET_LABEL[k]}
          </Button>
        ))}
        <span className="ml-auto">
          <CopyButton getText={() => text(secret)} label={`Copy ${SNIPPET_LABEL[kind]} config`} />
        </span>
      </div>
      <pre
        className="max-h-64 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre"
        data-testid="tap-snippet-text"
      >
        {text(shown ? secret : maskedKey(keyHint))}
      </pre>
      <p className="text-xs text-muted-foreground">{SNIPPET_WHERE[kind]}</p>
    </div>
  );
}
