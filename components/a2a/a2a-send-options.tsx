import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";

export type ComposeTarget = "continue" | "new";

export interface A2aSendOptionsProps {
  /** Where the message goes; "continue" only while something is open (continueLabel). */
  target: ComposeTarget;
  continueLabel: string | null;
  onTarget: (target: ComposeTarget) => void;
  /** message/stream: only when the card declares capabilities.streaming. */
  canStream: boolean;
  stream: boolean;
  onStream: (stream: boolean) => void;
}

/** Above the A2A message box: continue the open context or start a new one, and stream or not. */
export function A2aSendOptions({ target, continueLabel, onTarget, canStream, stream, onStream }: A2aSendOptionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs">
      <div role="radiogroup" aria-label="Send into" className="flex gap-0.5 rounded-md border p-0.5">
        <Button
          size="xs"
          role="radio"
          aria-checked={target === "continue"}
          variant={target === "continue" ? "secondary" : "ghost"}
          disabled={!continueLabel}
          onClick={() => onTarget("continue")}
          data-testid="a2a-target-continue"
        >
          Continue {continueLabel ?? ""}
        </Button>
        <Button
          size="xs"
          role="radio"
          aria-checked={target === "new"}
          variant={target === "new" ? "secondary" : "ghost"}
          onClick={() => onTarget("new")}
          data-testid="a2a-target-new"
        >
          New context
        </Button>
      </div>
      <label className="flex items-center gap-1.5" title={canStream ? undefined : "The agent card does not declare capabilities.streaming"}>
        <Switch
          checked={canStream && stream}
          disabled={!canStream}
          onCheckedChange={onStream}
          data-testid="a2a-stream-toggle"
          aria-label="Stream"
        />
        Stream {canStream ? "(message/stream)" : "(not offered by the card)"}
      </label>
    </div>
  );
}
