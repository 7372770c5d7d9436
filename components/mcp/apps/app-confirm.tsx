"use client";

import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SafeText } from "@/components/ui/safe-text";

/** Something an app asked for that waits on the user. */
export type AppAsk = { kind: "call"; tool: string; args: Record<string, unknown> } | { kind: "link"; url: string };
/** The user's answer: no, yes, or yes to every call of this tool while this app instance runs. */
export type AppAnswer = false | true | "session";
type Pending = AppAsk & { resolve: (ok: AppAnswer) => void };

/** A queue of the app's requests for consent: one dialog at a time, each answered once. */
export function useAppConsent() {
  const [queue, setQueue] = useState<Pending[]>([]);
  const ask = useCallback((a: AppAsk) => new Promise<AppAnswer>((resolve) => setQueue((q) => [...q, { ...a, resolve }])), []);
  const answer = useCallback((ok: AppAnswer) => {
    setQueue(([head, ...rest]) => {
      head?.resolve(ok);
      if (ok !== "session" || head?.kind !== "call") return rest;
      // Calls of the same tool that queued up meanwhile (a poll timer keeps asking) are yes too.
      const same = (p: Pending) => p.kind === "call" && p.tool === head.tool;
      for (const p of rest.filter(same)) p.resolve("session");
      return rest.filter((p) => !same(p));
    });
  }, []);
  return { current: queue[0] ?? null, ask, answer };
}

const TITLE: Record<AppAsk["kind"], string> = {
  call: "The app wants to call a tool",
  link: "The app wants to open a link",
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The consent dialog: closing it any way but the allow button is a no. */
export function AppConsentDialog({ ask, onAnswer }: { ask: AppAsk | null; onAnswer: (ok: AppAnswer) => void }) {
  return (
    <Dialog open={ask !== null} onOpenChange={(open) => !open && onAnswer(false)}>
      {ask && (
        <DialogContent data-testid="app-consent" data-kind={ask.kind}>
          <DialogHeader>
            <DialogTitle>{TITLE[ask.kind]}</DialogTitle>
            <DialogDescription>
              {ask.kind === "call" ? (
                <>
                  <span className="font-mono">
                    <SafeText text={ask.tool} />
                  </span>{" "}
                  is not marked read-only (<code>readOnlyHint</code>): it may change something on the server. It runs only if you allow it.
                </>
              ) : (
                <>
                  It opens in a new tab, on{" "}
                  <strong>
                    <SafeText text={hostOf(ask.url)} />
                  </strong>
                  .
                </>
              )}
            </DialogDescription>
          </DialogHeader>
          <pre
            className="max-h-60 overflow-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-all"
            data-testid="app-consent-detail"
          >
            {ask.kind === "call" ? JSON.stringify(ask.args, null, 2) : ask.url}
          </pre>
          <DialogFooter>
            <Button variant="outline" onClick={() => onAnswer(false)} data-testid="app-consent-deny">
              {ask.kind === "call" ? "Deny" : "Cancel"}
            </Button>
            {ask.kind === "call" && (
              // An app that polls a tool would otherwise ask on every poll.
              <Button variant="outline" onClick={() => onAnswer("session")} data-testid="app-consent-allow-session">
                Allow while this app is open
              </Button>
            )}
            <Button onClick={() => onAnswer(true)} data-testid="app-consent-allow">
              {ask.kind === "call" ? "Allow the call" : "Open link"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
