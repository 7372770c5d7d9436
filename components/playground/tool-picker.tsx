"use client";

import { useState } from "react";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { ApprovalPolicy, type ToolPolicies } from "@/lib/contracts/approvals";
import type { ToolSelection } from "@/lib/contracts/playground";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { SafeText } from "@/components/ui/safe-text";
import { Badge } from "@/components/ui/badge";
import { POLICY_LABEL } from "@/components/playground/labels";
import { serverChecked, setServer, setTool, toolChecked } from "@/components/playground/tool-selection";

/** A server as the picker needs it: its tools when listed, or why they are not. */
export interface PickerServer {
  id: string;
  name: string;
  connected: boolean;
  tools: { name: string; readOnly: boolean }[];
  /** "Loading tools…", "Not connected", an error message. */
  note?: string;
}

export interface ToolPickerProps {
  servers: PickerServer[];
  selection: ToolSelection[];
  toolPolicies: ToolPolicies;
  onSelectionChange: (selection: ToolSelection[]) => void;
  onToolPoliciesChange: (policies: ToolPolicies) => void;
}

const POLICIES: ApprovalPolicy[] = ["always", "unless_read_only", "never"];

/** A checkbox tree of the servers and their tools, with search and a per-tool approval override. */
export function ToolPicker({ servers, selection, toolPolicies, onSelectionChange, onToolPoliciesChange }: ToolPickerProps) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const q = query.trim().toLowerCase();
  const setPolicy = (key: string, value: string) => {
    const next = { ...toolPolicies };
    const policy = ApprovalPolicy.safeParse(value);
    if (policy.success) next[key] = policy.data;
    else delete next[key];
    onToolPoliciesChange(next);
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="pg-tool-picker">
      <Input
        className="h-7 text-xs"
        placeholder="Search tools"
        aria-label="Search tools"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="pg-tool-search"
      />
      {servers.length === 0 && <p className="text-xs text-muted-foreground">No servers. Add one in the sidebar.</p>}
      <ul className="flex flex-col gap-0.5">
        {servers.map((s) => {
          const names = s.tools.map((t) => t.name);
          const shown = q ? s.tools.filter((t) => t.name.toLowerCase().includes(q)) : s.tools;
          if (q && shown.length === 0 && !s.name.toLowerCase().includes(q)) return null;
          const expanded = Boolean(q) || open.has(s.id);
          const checked = serverChecked(selection, s.id, names);
          const count = names.filter((n) => toolChecked(selection, s.id, n)).length;
          return (
            <li key={s.id} data-testid="pg-tool-server" data-connection-id={s.id} className="flex flex-col">
              <div className="flex items-center gap-1.5 text-xs">
                <button
                  type="button"
                  aria-label={expanded ? `Hide ${s.name}'s tools` : `Show ${s.name}'s tools`}
                  aria-expanded={expanded}
                  onClick={() => setOpen((o) => new Set(o.has(s.id) ? [...o].filter((x) => x !== s.id) : [...o, s.id]))}
                >
                  {expanded ? <ChevronDownIcon className="size-3.5" /> : <ChevronRightIcon className="size-3.5" />}
                </button>
                <Checkbox
                  aria-label={`Give the model ${s.name}`}
                  checked={checked}
                  onCheckedChange={(v) => onSelectionChange(setServer(selection, s.id, v === true))}
                  data-testid="pg-server-checkbox"
                />
                <SafeText text={s.name} className="min-w-0 flex-1 truncate font-medium" />
                <span className="shrink-0 text-muted-foreground tabular-nums">{s.note ?? `${count}/${names.length}`}</span>
              </div>
              {expanded && (
                <ul className="ml-6 flex flex-col gap-0.5 py-0.5">
                  {shown.map((t) => {
                    const key = `${s.id}/${t.name}`;
                    return (
                      <li key={t.name} className="flex items-center gap-1.5 text-xs" data-testid="pg-tool" data-tool={t.name}>
                        <Checkbox
                          aria-label={`Give the model ${t.name}`}
                          checked={toolChecked(selection, s.id, t.name)}
                          onCheckedChange={(v) => onSelectionChange(setTool(selection, s.id, t.name, v === true, names))}
                          data-testid="pg-tool-checkbox"
                        />
                        <SafeText text={t.name} className="min-w-0 flex-1 truncate font-mono" />
                        {t.readOnly && <Badge variant="secondary">read-only</Badge>}
                        <select
                          aria-label={`Approval for ${t.name}`}
                          data-testid="pg-tool-policy"
                          className="h-6 max-w-32 rounded border bg-background px-1 text-[11px]"
                          value={toolPolicies[key] ?? ""}
                          onChange={(e) => setPolicy(key, e.target.value)}
                        >
                          <option value="">Default</option>
                          {POLICIES.map((p) => (
                            <option key={p} value={p}>
                              {POLICY_LABEL[p]}
                            </option>
                          ))}
                        </select>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
