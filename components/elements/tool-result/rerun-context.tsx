"use client";

import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import { RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { WorkbenchLocation } from "@/lib/workbench/location";

/** A recorded call to re-run: the connection it went to, its tool and its CallRecord id. */
export interface RerunTarget {
  connectionId: string;
  tool: string;
  callId: string;
}

/**
 * Opens the re-run form of a recorded call (the Tools tab, ?rerun=). Given once by the workbench, so
 * the traffic detail and a playground tool-call card offer Re-run without threading a callback
 * through their lists; absent (tests, read-only bundle views), no Re-run is offered.
 */
const RerunContext = createContext<((target: RerunTarget) => void) | null>(null);

export function RerunProvider({ navigate, children }: { navigate: (patch: Partial<WorkbenchLocation>) => void; children: ReactNode }) {
  const open = (t: RerunTarget) => navigate({ connectionId: t.connectionId, tab: "tools", tool: t.tool, rerun: t.callId, diff: null });
  return <RerunContext.Provider value={open}>{children}</RerunContext.Provider>;
}

export function useOpenRerun(): ((target: RerunTarget) => void) | null {
  return useContext(RerunContext);
}

/** "Re-run…" for a recorded call; renders nothing without a provider or a call id. */
export function RerunCallButton({ target, testId = "open-rerun" }: { target: Partial<RerunTarget>; testId?: string }) {
  const open = useOpenRerun();
  const { connectionId, tool, callId } = target;
  if (!open || !connectionId || !tool || !callId) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={() => open({ connectionId, tool, callId })}
      data-testid={testId}
      title="Open this call's arguments in the tool's form, edit them, run again and compare"
    >
      <RotateCcwIcon /> Re-run…
    </Button>
  );
}
