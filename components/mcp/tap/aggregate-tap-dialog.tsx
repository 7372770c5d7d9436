"use client";

import { useState } from "react";
import type { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { AggregateTapInput } from "@/lib/contracts/taps";
import type { AppError } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SafeText } from "@/components/ui/safe-text";
import { POLICY_HELP, POLICY_LABEL } from "@/components/mcp/tap/tap-policy";
import { serverKey } from "@/lib/schema/portability/names";

export interface AggregateTapDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connections: { id: string; name: string }[];
  /** Ticked when the dialog opens (the connection it was opened from). */
  initial: string[];
  pending: boolean;
  error: AppError | Error | null;
  onCreate: (input: AggregateTapInput) => void;
}

/** Picks the connections an aggregate tap serves as one server, with a name and a policy. */
export function AggregateTapDialog({ open, onOpenChange, connections, initial, pending, error, onCreate }: AggregateTapDialogProps) {
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<string[]>(initial);
  const [policy, setPolicy] = useState<ApprovalPolicy>("never");
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const valid = name.trim().length > 0 && picked.length > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="aggregate-tap-dialog">
        <DialogHeader>
          <DialogTitle>New aggregate tap</DialogTitle>
          <DialogDescription>
            Several servers as one MCP server. Every tool and prompt is named{" "}
            <code className="font-mono">&lt;server&gt;__&lt;name&gt;</code>, so two servers offering the same name both stay reachable.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) onCreate({ name: name.trim(), connectionIds: picked, policy });
          }}
        >
          <label className="flex flex-col gap-1 text-xs">
            <span className="text-muted-foreground">Name</span>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="My tools"
              data-testid="aggregate-tap-name"
              autoFocus
            />
          </label>
          <fieldset className="flex flex-col gap-1 text-xs">
            <legend className="mb-1 text-muted-foreground">Servers</legend>
            <ul className="flex max-h-52 flex-col gap-1 overflow-y-auto">
              {connections.map((c) => (
                <li key={c.id}>
                  <label className="flex items-center gap-2">
                    <Checkbox checked={picked.includes(c.id)} onCheckedChange={(v) => toggle(c.id, v === true)} aria-label={c.name} />
                    <SafeText text={c.name} />
                    <span className="font-mono text-muted-foreground">{serverKey(c.name)}__…</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <label className="flex flex-col gap-1 text-xs">
            <span className="text-muted-foreground">Approval for its calls</span>
            <NativeSelect value={policy} onChange={(e) => setPolicy(e.target.value as ApprovalPolicy)} aria-label="Approval for its calls">
              {(Object.keys(POLICY_LABEL) as ApprovalPolicy[]).map((p) => (
                <option key={p} value={p}>
                  {POLICY_LABEL[p]}
                </option>
              ))}
            </NativeSelect>
            <span className="text-muted-foreground">{POLICY_HELP[policy]}</span>
          </label>
          {error && (
            <p role="alert" className="text-xs text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || pending} data-testid="aggregate-tap-create">
              Create tap
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
