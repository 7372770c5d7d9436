"use client";

import { AuthNotice } from "@/components/mcp/auth/authorize-button";
import type { ConnectionView } from "@/lib/contracts/connections";
import { useConnectionDiagnosis, useEraRedetect } from "@/hooks/use-connection-actions";
import { EraSection } from "@/components/mcp/workbench/era-section";
import { DiagnosisChecklist } from "./diagnosis-checklist";
import { OverviewFacts } from "./overview-facts";
import { ConnectionErrorNotice, ReconnectNotice } from "./overview-notices";
import { CapabilitiesSection, ServerTextSections } from "./overview-sections";

export { DiagnosisChecklist } from "./diagnosis-checklist";
export type { DiagnosisChecklistProps } from "./diagnosis-checklist";

export interface OverviewPanelProps {
  connection: ConnectionView;
  /** Connect again (Try again, Restart, Reconnect now); also stops an automatic reconnect schedule. */
  onConnect: () => void;
  /** Stops an automatic reconnect (the connection ends disconnected). */
  onDisconnect?: () => void;
}

/** What the server said about itself at initialize, and why connecting failed if it did. */
export function OverviewPanel({ connection: c, onConnect, onDisconnect }: OverviewPanelProps) {
  const s = c.state;
  const diagnose = useConnectionDiagnosis(c.id);
  const redetect = useEraRedetect(c.id);
  return (
    <div className="flex max-w-4xl flex-col gap-4 p-4 text-sm" data-testid="overview">
      <ReconnectNotice connection={c} onConnect={onConnect} onDisconnect={onDisconnect} />
      <ConnectionErrorNotice connection={c} onConnect={onConnect} />
      <AuthNotice connection={c} />
      {(s.diagnosis || s.status === "error") && (
        <DiagnosisChecklist
          steps={s.diagnosis}
          running={diagnose.isPending}
          error={diagnose.error?.message}
          onRunAgain={() => diagnose.mutate()}
        />
      )}
      <OverviewFacts connection={c} />
      <EraSection
        era={s.era}
        setting={c.protocolEra}
        redetect={{ run: () => redetect.mutate(), pending: redetect.isPending, error: redetect.error?.message }}
      />
      <CapabilitiesSection connection={c} />
      <ServerTextSections connection={c} />
    </div>
  );
}
