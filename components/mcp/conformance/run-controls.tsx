import { PlayIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { CONFORMANCE_REVISIONS, type ConformanceRevision, type ConformanceScenarioList } from "@/lib/contracts/conformance";

export interface RunControlsProps {
  revision: ConformanceRevision;
  onRevision: (revision: ConformanceRevision) => void;
  /** "" = the revision's whole requirement set. */
  scenario: string;
  onScenario: (scenario: string) => void;
  /** The revision's scenarios; undefined while they load. */
  scenarios: ConformanceScenarioList | undefined;
  running: boolean;
  starting: boolean;
  cancelling: boolean;
  onRun: () => void;
  onCancel: () => void;
}

/** Revision, scenario (all or one), Run / Cancel. */
export function RunControls(p: RunControlsProps) {
  const list = p.scenarios;
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="conformance-controls">
      <label className="flex w-36 flex-col gap-1 text-xs font-medium">
        Revision
        <NativeSelect
          value={p.revision}
          onChange={(e) => p.onRevision(e.target.value as ConformanceRevision)}
          disabled={p.running}
          data-testid="conformance-revision"
        >
          {CONFORMANCE_REVISIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="flex min-w-56 flex-1 flex-col gap-1 text-xs font-medium sm:max-w-md">
        Scenarios
        <NativeSelect
          value={p.scenario}
          onChange={(e) => p.onScenario(e.target.value)}
          disabled={p.running || !list}
          data-testid="conformance-scenario-picker"
        >
          <option value="">
            {list ? `All required (${list.required.length}) + unscored (${list.notScored.length})` : "Loading the suite's scenarios…"}
          </option>
          {list && (
            <optgroup label={`Required by ${list.revision}`}>
              {list.required.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          )}
          {list && list.notScored.length > 0 && (
            <optgroup label="Run but not scored">
              {list.notScored.map((s) => (
                <option key={s.scenario} value={s.scenario}>
                  {s.scenario} ({s.reason})
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
      </label>
      {p.running ? (
        <Button size="sm" variant="outline" onClick={p.onCancel} disabled={p.cancelling} data-testid="conformance-cancel">
          <SquareIcon /> Cancel
        </Button>
      ) : (
        <Button size="sm" onClick={p.onRun} disabled={p.starting || !list} data-testid="conformance-run">
          <PlayIcon /> Run
        </Button>
      )}
    </div>
  );
}
