import { StatusBadge } from "@/components/elements/status-badge";
import { callStatusTone } from "./call-tone";
import { Button } from "@/components/ui/button";
import type { CallStatus } from "@/lib/contracts/calls";
import { callStatusMeta } from "@/lib/tool-result/status";
import { formatDuration } from "@/lib/format";

export interface ResultHeaderProps {
  tool: string;
  status: CallStatus;
  /** null while the call is still running. */
  durationMs: number | null;
  showRaw: boolean;
  onToggleRaw: () => void;
}

export function ResultHeader({ tool, status, durationMs, showRaw, onToggleRaw }: ResultHeaderProps) {
  const meta = callStatusMeta(status);
  return (
    <header className="flex flex-wrap items-center gap-2">
      <StatusBadge data-testid="result-status" tone={callStatusTone(status)}>
        {meta.label}
      </StatusBadge>
      <span className="font-mono text-sm">{tool}</span>
      <span data-testid="result-duration" className="text-xs text-muted-foreground">
        {durationMs === null
          ? "running…"
          : status === "task"
            ? `answered with a task in ${formatDuration(durationMs)}`
            : formatDuration(durationMs)}
      </span>
      <Button className="ml-auto" size="xs" variant={showRaw ? "secondary" : "outline"} aria-pressed={showRaw} onClick={onToggleRaw}>
        Raw JSON
      </Button>
    </header>
  );
}
