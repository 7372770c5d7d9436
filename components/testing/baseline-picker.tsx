import type { RunSummary } from "@/lib/contracts/testing";
import { formatDateTime } from "@/lib/format";
import { RUN_STATUS_TEXT } from "@/lib/workbench/testing-view";
import { NativeSelect } from "@/components/ui/native-select";
import { Label } from "@/components/ui/label";
import { BusyButton } from "@/components/elements/busy-button";

export interface BaselinePickerProps {
  runId: string;
  /** The suite's runs (the open one is left out of the choices). */
  runs: readonly RunSummary[];
  /** The run diffed against now (?base=). */
  baselineId: string | null;
  /** The suite's kept baseline: a new run is diffed against it. */
  suiteBaselineId: string | null;
  onPick: (runId: string | null) => void;
  /** Keeps a run as the suite's baseline. */
  onKeep: (runId: string) => void;
  keeping: boolean;
}

/** Which run this one is diffed against, and "Keep as baseline" so the next runs are diffed against it too. */
export function BaselinePicker({ runId, runs, baselineId, suiteBaselineId, onPick, onKeep, keeping }: BaselinePickerProps) {
  const others = runs.filter((r) => r.id !== runId && r.status !== "running");
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="baseline-picker">
      <Label htmlFor="baseline" className="text-xs">
        Compare with
      </Label>
      <div className="w-72">
        <NativeSelect id="baseline" value={baselineId ?? ""} onChange={(e) => onPick(e.target.value || null)} data-testid="baseline-select">
          <option value="">No baseline</option>
          {others.map((r) => (
            <option key={r.id} value={r.id}>
              {formatDateTime(r.startedAt)} · {RUN_STATUS_TEXT[r.status].label}
              {r.id === suiteBaselineId ? " · baseline" : ""}
            </option>
          ))}
        </NativeSelect>
      </div>
      {runId !== suiteBaselineId && (
        <BusyButton
          size="xs"
          variant="ghost"
          busy={keeping}
          onClick={() => onKeep(runId)}
          data-testid="keep-baseline"
          title="Later runs are compared with this one"
        >
          Keep this run as the baseline
        </BusyButton>
      )}
      {runId === suiteBaselineId && <span className="text-xs text-muted-foreground">This run is the suite&apos;s baseline.</span>}
    </div>
  );
}
