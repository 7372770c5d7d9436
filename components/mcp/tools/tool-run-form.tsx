import { PlayIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ValidationIssue } from "@/lib/schema/form";
import { SchemaFormEditor } from "@/components/elements/schema-form/schema-form-editor";
import type { RunLimits } from "@/components/mcp/tools/run-limits";
import { onModEnter } from "@/lib/keyboard";

export interface ToolRunFormProps {
  schema: unknown;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  errors: ValidationIssue[];
  onJsonErrorChange: (message: string | null) => void;
  /** Why Run did nothing (invalid args, JSON error, bad timeout); null when all is well. */
  blocked: string | null;
  /** Timeout (reset by progress) and total cap, as typed. */
  limits: RunLimits;
  /** Set while only schema errors block Run: sends the arguments as they are. */
  onSendAnyway?: () => void;
  running: boolean;
  /** Set when Run cannot work at all, e.g. the server is not connected. */
  disabledReason: string | null;
  onRun: () => void;
  onCancel: () => void;
  /**
   * MCP tasks: "required" (Run creates a task; a plain call would fail), "optional" (a "Run as
   * task" choice), "none" or absent (no option).
   */
  taskMode?: "required" | "optional" | "none";
  asTask?: boolean;
  onAsTaskChange?: (value: boolean) => void;
}

function runAsTask(p: ToolRunFormProps): boolean {
  return p.taskMode === "required" || (p.taskMode === "optional" && p.asTask === true);
}

/** Arguments form with the per-call timeout and Run / Cancel (and "Run as task" where the tool allows it). */
export function ToolRunForm(p: ToolRunFormProps) {
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onKeyDown={onModEnter(p.onRun, !p.running && p.disabledReason === null)}
      onSubmit={(e) => {
        e.preventDefault();
        p.onRun();
      }}
    >
      <SchemaFormEditor schema={p.schema} value={p.value} onChange={p.onChange} errors={p.errors} onJsonErrorChange={p.onJsonErrorChange} />
      <div className="flex flex-wrap items-end gap-2 border-t pt-3">
        <MsField
          id="call-timeout"
          label="Timeout (ms)"
          note="· resets on progress"
          value={p.limits.timeout}
          onChange={p.limits.setTimeout}
        />
        <MsField
          id="call-max-total"
          label="Total cap (ms)"
          title="Progress messages reset the timeout, but never past this total"
          value={p.limits.maxTotal}
          onChange={p.limits.setMaxTotal}
        />
        {p.taskMode === "optional" && (
          <div className="flex h-8 items-center gap-1.5">
            <Checkbox
              id="run-as-task"
              data-testid="run-as-task"
              checked={p.asTask === true}
              onCheckedChange={(v) => p.onAsTaskChange?.(v === true)}
            />
            <Label htmlFor="run-as-task" className="text-xs">
              Run as task
            </Label>
          </div>
        )}
        <Button
          type="submit"
          size="sm"
          disabled={p.running || p.disabledReason !== null}
          title={p.disabledReason ?? "Run (Ctrl+Enter or ⌘+Enter)"}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          data-testid="run-tool"
        >
          <PlayIcon /> {p.running ? "Running…" : runAsTask(p) ? "Run as task" : "Run"}
        </Button>
        {p.running && (
          <Button type="button" size="sm" variant="outline" onClick={p.onCancel} data-testid="cancel-call">
            <SquareIcon /> Cancel
          </Button>
        )}
        {p.taskMode === "required" && (
          <p className="text-xs text-muted-foreground" data-testid="task-required-note">
            This tool runs only as a task (execution.taskSupport “required”): Run creates one and follows it.
          </p>
        )}
        {p.disabledReason && !p.running && <p className="text-xs text-muted-foreground">{p.disabledReason}</p>}
        {p.blocked && (
          <p role="alert" className="text-xs text-destructive" data-testid="run-blocked">
            {p.blocked}
          </p>
        )}
        {p.onSendAnyway && !p.running && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={p.onSendAnyway}
            disabled={p.disabledReason !== null}
            title="Send these arguments although they do not fit the input schema, to see how the server answers (e.g. its -32602)"
            data-testid="send-anyway"
          >
            Send anyway
          </Button>
        )}
      </div>
    </form>
  );
}

/** A millisecond limit beside the Run button; its id doubles as its test id. */
function MsField(p: { id: string; label: string; note?: string; title?: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={p.id} className="text-xs" title={p.title}>
        {p.label} {p.note && <span className="font-normal text-muted-foreground">{p.note}</span>}
      </Label>
      <Input
        id={p.id}
        data-testid={p.id}
        type="number"
        min={100}
        step={1000}
        className="h-8 w-32 font-mono text-xs"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </div>
  );
}
