"use client";

import type { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { PlaygroundConversationSnapshot } from "@/lib/server/bundles/units/playground-conversation";
import { SafeText } from "@/components/ui/safe-text";
import { POLICY_LABEL } from "@/components/playground/labels";

type Snapshot = PlaygroundConversationSnapshot;

const policyLabel = (policy: string) => (Object.hasOwn(POLICY_LABEL, policy) ? POLICY_LABEL[policy as ApprovalPolicy] : policy);

/** The recorded conversation's setup as text: system prompt, the tools it chose per server, the approval policy. */
export function PlaygroundSetupSummary({ snapshot }: { snapshot: Snapshot }) {
  const c = snapshot.conversation;
  const overrides = Object.entries(c.toolPolicies ?? {});
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 p-3 text-xs" data-testid="pg-bundle-setup">
      <dt className="text-muted-foreground">System prompt</dt>
      <dd>
        {c.systemPrompt ? (
          <pre className="max-h-40 overflow-auto font-sans whitespace-pre-wrap" data-testid="pg-bundle-system-prompt">
            {c.systemPrompt}
          </pre>
        ) : (
          <span className="text-muted-foreground">(none)</span>
        )}
      </dd>
      <dt className="text-muted-foreground">Tools</dt>
      <dd data-testid="pg-bundle-tools">
        {c.servers.length === 0 && <span className="text-muted-foreground">(no server)</span>}
        {c.servers.map((s) => (
          <div key={s.connectionId}>
            <SafeText text={snapshot.serverNames[s.connectionId] ?? s.connectionId} className="font-medium" />:{" "}
            <span className="font-mono">{s.tools === "all" ? "all tools" : s.tools.join(", ")}</span>
          </div>
        ))}
      </dd>
      <dt className="text-muted-foreground">Approvals</dt>
      <dd>
        {policyLabel(c.policy)}
        {overrides.map(([key, value]) => (
          <div key={key} className="font-mono text-muted-foreground">
            {key}: {policyLabel(value)}
          </div>
        ))}
      </dd>
    </dl>
  );
}
