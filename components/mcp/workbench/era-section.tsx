"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { JsonView } from "@/components/elements/json-view";
import type { ConnectionEra, ProtocolEraSetting } from "@/lib/contracts/connections";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";

const MODE_LABEL: Record<ConnectionEra["mode"], string> = {
  modern: "modern · stateless (server/discover)",
  legacy: "legacy · initialize handshake",
};

const SETTING_LABEL: Record<ProtocolEraSetting, string> = {
  auto: "auto",
  "2025-11-25": "pinned to 2025-11-25",
  "2026-07-28": "pinned to 2026-07-28",
};

/**
 * Which MCP era the session speaks and why (what server/discover returned, or that the handshake
 * was used), and on a 2026-07-28 session what that revision removed, said plainly.
 */
export function EraSection({
  era,
  setting,
  redetect,
}: {
  era?: ConnectionEra;
  setting?: ProtocolEraSetting;
  /** Re-detect era (an `auto` connection): reconnect, forgetting the remembered verdict. */
  redetect?: { run: () => void; pending: boolean; error?: string };
}) {
  return (
    <section data-testid="era">
      <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Protocol era</h3>
      {!era ? (
        <p className="text-xs text-muted-foreground">
          Not connected. Setting: <span data-testid="era-setting">{SETTING_LABEL[setting ?? "auto"]}</span>
        </p>
      ) : (
        <div className="flex flex-col gap-1.5 rounded-md border bg-muted/30 p-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-medium" data-testid="era-version">
              {era.version}
            </span>
            <Badge variant={era.mode === "modern" ? "default" : "secondary"} data-testid="era-mode" data-mode={era.mode}>
              {MODE_LABEL[era.mode]}
            </Badge>
            <span className="text-xs text-muted-foreground">
              Setting: <span data-testid="era-setting">{SETTING_LABEL[setting ?? "auto"]}</span>
            </span>
          </p>
          <p className="text-xs" data-testid="era-why">
            {era.why}
          </p>
          {redetect && (setting ?? "auto") === "auto" && (
            <p className="flex flex-wrap items-center gap-2 text-xs">
              <Button size="sm" variant="outline" disabled={redetect.pending} onClick={redetect.run} data-testid="era-redetect">
                {redetect.pending ? "Re-detecting…" : "Re-detect era"}
              </Button>
              {/* Why the button is there: a remembered verdict skips the probe until it stops being true. */}
              <span className="text-muted-foreground">
                {era.rememberedAt ? "Reconnects and probes with server/discover again." : "Reconnects and probes again."}
              </span>
              {redetect.error && (
                <span className="text-destructive" data-testid="era-redetect-error">
                  {redetect.error}
                </span>
              )}
            </p>
          )}
          {era.discover !== undefined && (
            <details className="text-xs" data-testid="era-discover">
              <summary className="cursor-pointer text-muted-foreground">What server/discover returned</summary>
              <JsonView value={era.discover} className="mt-1 rounded border bg-background p-2" />
            </details>
          )}
          {era.mode === "modern" && (
            <div className="text-xs" data-testid="era-removed">
              <p className="text-muted-foreground">Removed in this revision (Loupe does not send them here):</p>
              <ul className="ml-4 list-disc">
                {Object.entries(REMOVED_IN_MODERN).map(([what, words]) => (
                  <li key={what}>{words}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
