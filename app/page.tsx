import { Suspense } from "react";
import { Providers } from "@/components/shell/providers";
import { TokenGate } from "@/components/shell/token-gate";
import { Workbench } from "@/components/shell/workbench";

/** The workbench (agents, MCP servers, inbox). Client-rendered: everything on it is live data from the local server. */
export default function Page() {
  return (
    <Providers>
      {/* useSearchParams (selection in the URL) needs a Suspense boundary for prerendering. */}
      <Suspense fallback={<div className="p-4 text-sm text-muted-foreground">Loading Loupe…</div>}>
        <TokenGate>
          <Workbench />
        </TokenGate>
      </Suspense>
    </Providers>
  );
}
