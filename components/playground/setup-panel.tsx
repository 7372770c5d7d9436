"use client";

import { useState } from "react";
import type { ReactNode } from "react";
import { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { ConnectionView } from "@/lib/contracts/connections";
import type {
  ColumnConfig,
  Conversation,
  ConversationPatch,
  PgModelRequest,
  PlaygroundProvider,
  ProviderStatus,
} from "@/lib/contracts/playground";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { ColumnSetup } from "@/components/playground/column-setup";
import { POLICY_LABEL } from "@/components/playground/labels";
import { ProviderPreview } from "@/components/playground/provider-preview";
import { ToolPicker } from "@/components/playground/tool-picker";
import { useToolCatalog } from "@/components/playground/use-tool-catalog";

export interface SetupPanelProps {
  conversation: Conversation;
  connections: ConnectionView[];
  providers: ProviderStatus[];
  /** Each column's latest model request, by column id. */
  lastRequests: Record<string, PgModelRequest | undefined>;
  onPatch: (patch: ConversationPatch) => void;
  onColumnChange: (columnId: string, config: ColumnConfig) => void;
  onOpenKeys: (provider: PlaygroundProvider) => void;
}

const POLICIES: ApprovalPolicy[] = ["always", "unless_read_only", "never"];

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex min-w-0 flex-col gap-1.5" data-testid={testId}>
      <h3 className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Everything the model is given: provider and model per column, the gate, the system prompt, the tools, and what the provider receives. */
export function SetupPanel({
  conversation: c,
  connections,
  providers,
  lastRequests,
  onPatch,
  onColumnChange,
  onOpenKeys,
}: SetupPanelProps) {
  const { servers, selected } = useToolCatalog(connections, c.servers);
  const [prompt, setPrompt] = useState(c.systemPrompt);
  return (
    <div className="flex min-w-0 flex-col gap-4 p-3" data-testid="pg-setup">
      <Section title="Models">
        {c.columns.map((col, i) => (
          <ColumnSetup
            key={`${col.id}:${col.config.provider}:${col.config.model}:${col.config.baseUrl ?? ""}`}
            label={c.columns.length > 1 ? `Column ${i + 1}` : "Model"}
            config={col.config}
            providers={providers}
            onChange={(config) => onColumnChange(col.id, config)}
            onOpenKeys={onOpenKeys}
          />
        ))}
      </Section>
      <Section title="Approval">
        <NativeSelect
          aria-label="When to ask before a tool call"
          data-testid="pg-policy"
          value={c.policy}
          onChange={(e) => onPatch({ policy: ApprovalPolicy.parse(e.target.value) })}
        >
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {POLICY_LABEL[p]}
            </option>
          ))}
        </NativeSelect>
        <p className="text-[11px] text-muted-foreground">
          A gated call waits here and in the inbox; per-tool overrides are beside each tool below.
        </p>
      </Section>
      <Section title="System prompt">
        <Textarea
          aria-label="System prompt"
          data-testid="pg-system-prompt"
          rows={3}
          className="min-h-16 text-xs"
          placeholder="You are a helpful assistant…"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onBlur={() => prompt !== c.systemPrompt && onPatch({ systemPrompt: prompt })}
        />
      </Section>
      <Section title="Tools">
        <ToolPicker
          servers={servers}
          selection={c.servers}
          toolPolicies={c.toolPolicies}
          onSelectionChange={(servers) => onPatch({ servers })}
          onToolPoliciesChange={(toolPolicies) => onPatch({ toolPolicies })}
        />
      </Section>
      <Section title="What the provider receives" testId="pg-provider-receives">
        {c.columns.map((col) => (
          <ProviderPreview key={col.id} column={col} tools={selected} lastRequest={lastRequests[col.id]} />
        ))}
      </Section>
    </div>
  );
}
