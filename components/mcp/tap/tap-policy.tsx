"use client";

import { useState } from "react";
import type { ApprovalPolicy, ToolPolicies } from "@/lib/contracts/approvals";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";

// Short, so the select shows them whole at any width; what each means is said under it.
export const POLICY_LABEL: Record<ApprovalPolicy, string> = {
  never: "Never ask",
  unless_read_only: "Ask unless read-only",
  always: "Ask for every call",
};

export const POLICY_HELP: Record<ApprovalPolicy, string> = {
  never: "Calls go straight to the server.",
  unless_read_only: "A call waits in the inbox unless the tool is annotated read-only (readOnlyHint).",
  always: "Every call waits in the inbox for your approval.",
};

const OVERRIDE_LABEL: Record<ApprovalPolicy | "", string> = {
  "": "Tap default",
  never: "Never ask",
  unless_read_only: "Unless read-only",
  always: "Always ask",
};

export interface TapPolicyProps {
  connectionId: string;
  policy: ApprovalPolicy;
  toolPolicies: ToolPolicies;
  /** The connection's tools (name and whether it is annotated read-only), for per-tool overrides. */
  tools: { name: string; readOnly: boolean }[];
  pending: boolean;
  onChange: (next: { policy: ApprovalPolicy; toolPolicies: ToolPolicies }) => void;
}

/** When a tapped tools/call waits in the inbox: the tap's default, and per-tool overrides. */
export function TapPolicy({ connectionId, policy, toolPolicies, tools, pending, onChange }: TapPolicyProps) {
  const [open, setOpen] = useState(Object.keys(toolPolicies).length > 0);
  const keyOf = (tool: string) => `${connectionId}/${tool}`;
  const setTool = (tool: string, value: ApprovalPolicy | "") => {
    const next = { ...toolPolicies };
    if (value) next[keyOf(tool)] = value;
    else delete next[keyOf(tool)];
    onChange({ policy, toolPolicies: next });
  };
  return (
    <div className="flex flex-col gap-2" data-testid="tap-policy">
      <label className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-muted-foreground">Approval for tapped calls</span>
        <span className="w-52 max-w-full">
          <NativeSelect
            value={policy}
            disabled={pending}
            onChange={(e) => onChange({ policy: e.target.value as ApprovalPolicy, toolPolicies })}
            data-testid="tap-policy-select"
            aria-label="Approval for tapped calls"
          >
            {(Object.keys(POLICY_LABEL) as ApprovalPolicy[]).map((p) => (
              <option key={p} value={p}>
                {POLICY_LABEL[p]}
              </option>
            ))}
          </NativeSelect>
        </span>
        {tools.length > 0 && (
          <Button size="xs" variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="tap-tool-policies-toggle">
            {open ? "Hide per-tool" : "Per tool…"}
          </Button>
        )}
      </label>
      <p className="text-xs text-muted-foreground" data-testid="tap-policy-help">
        {POLICY_HELP[policy]}
      </p>
      {open && tools.length > 0 && (
        <ul
          className="grid max-h-64 grid-cols-[repeat(auto-fill,minmax(20rem,1fr))] gap-x-4 gap-y-1 overflow-y-auto rounded-md border p-2"
          data-testid="tap-tool-policies"
        >
          {tools.map((t) => (
            <li key={t.name} className="flex min-w-0 items-center gap-2 text-xs">
              <span className="min-w-0 flex-1 truncate font-mono" title={t.name}>
                <SafeText text={t.name} />
                {t.readOnly && <span className="ml-1 text-muted-foreground">(read-only)</span>}
              </span>
              <span className="w-32 shrink-0">
                <NativeSelect
                  value={toolPolicies[keyOf(t.name)] ?? ""}
                  disabled={pending}
                  onChange={(e) => setTool(t.name, e.target.value as ApprovalPolicy | "")}
                  aria-label={`Approval for ${t.name}`}
                  className="h-7 text-xs"
                >
                  {(Object.keys(OVERRIDE_LABEL) as (ApprovalPolicy | "")[]).map((p) => (
                    <option key={p} value={p}>
                      {OVERRIDE_LABEL[p]}
                    </option>
                  ))}
                </NativeSelect>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
