"use client";

import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { KeyRound } from "lucide-react";
import { authHeaders, loupeCredentials, loupeToken } from "@/lib/client-token";

type TokenState = "checking" | "ok" | "missing" | "wrong" | "unreachable";

const WORDS: Record<Exclude<TokenState, "checking" | "ok">, { title: string; body: string }> = {
  missing: {
    title: "This browser has no token for this Loupe",
    body: "Open the address Loupe printed when it started (Loupe ready: http://127.0.0.1:…/?token=…). The token is kept in this page's own storage, never in a cookie, so other local servers never receive it.",
  },
  wrong: {
    title: "This Loupe was started with another token",
    body: "The token this browser holds belongs to an earlier launch. Open the address Loupe printed when it last started (Loupe ready: http://127.0.0.1:…/?token=…).",
  },
  unreachable: {
    title: "Loupe's server does not answer",
    body: "The page loaded, but its server cannot be reached. Is Loupe still running? Start it again and open the address it prints.",
  },
};

/**
 * Probes the API once with the stored token; a missing or stale token gets a page that says what to
 * do instead of a workbench full of 401s. Without a token the probe carries the page's cookies: in
 * team mode (issue 25) a signed-in person's session is one, and passes.
 */
export function TokenGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TokenState>("checking");

  useEffect(() => {
    const token = loupeToken();
    let live = true;
    fetch("/api/people/me", { headers: authHeaders(), credentials: loupeCredentials() })
      .then((res) => live && setState(res.status !== 401 ? "ok" : token ? "wrong" : "missing"))
      .catch(() => live && setState("unreachable"));
    return () => {
      live = false;
    };
  }, []);

  if (state === "checking" || state === "ok") return children;
  const words = WORDS[state];
  return (
    <div className="flex h-dvh items-center justify-center bg-background p-6 text-foreground" data-testid="token-gate" data-state={state}>
      <div className="max-w-lg space-y-3 rounded-lg border bg-card p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 text-muted-foreground" aria-hidden />
          {words.title}
        </h1>
        <p className="text-sm text-muted-foreground">{words.body}</p>
        <p className="text-xs text-muted-foreground">
          Scripts send the printed token in the <code className="rounded bg-muted px-1">x-loupe-token</code> header.
        </p>
      </div>
    </div>
  );
}
