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
  /** Don't wait: message/send returns at once with the task submitted / working (issue 23). */
  blocking: boolean;
  onBlocking: (blocking: boolean) => void;
}

/** Above the A2A message box: continue the open context or start a new one, stream or not, wait or not. */
export function A2aSendOptions({
  target,
  continueLabel,
  onTarget,
  canStream,
  stream,
  onStream,
  blocking,
  onBlocking,
}: A2aSendOptionsProps) {
  const streams = canStream && stream && blocking;
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
      <label
        className="flex items-center gap-1.5"
        title={
          !canStream
            ? "The agent card does not declare capabilities.streaming"
            : !blocking
              ? "A non-blocking send is message/send"
              : undefined
        }
      >
        <Switch
          checked={streams}
          disabled={!canStream || !blocking}
          onCheckedChange={onStream}
          data-testid="a2a-stream-toggle"
          aria-label="Stream"
        />
        Stream {canStream ? "(message/stream)" : "(not offered by the card)"}
      </label>
      <label
        className="flex items-center gap-1.5"
        title="message/send returns at once; the task moves on by pushes, Refresh or a resubscribe"
      >
        <Switch
          checked={!blocking}
          onCheckedChange={(on) => onBlocking(!on)}
          data-testid="a2a-nonblocking-toggle"
          aria-label="Don't wait"
        />
        Don&apos;t wait (non-blocking)
      </label>
    </div>
  );
}
