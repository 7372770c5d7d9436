"use client";

import type { ReactNode } from "react";
import { Columns3Icon, SlidersHorizontalIcon } from "lucide-react";
import type { Conversation } from "@/lib/contracts/playground";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import { plural } from "@/lib/format";

export interface ConversationHeaderProps {
  conversation: Conversation;
  /** Conversation actions at the head of the buttons (e.g. "Compare with…"). */
  actions?: ReactNode;
  showSetup: boolean;
  onToggleSetup: () => void;
  /** A column is being added (the button waits). */
  addingModel: boolean;
  onAddModel: () => void;
}

/** A conversation's title line: its column count, export, the setup toggle and "Add model". */
export function ConversationHeader({
  conversation: c,
  actions,
  showSetup,
  onToggleSetup,
  addingModel,
  onAddModel,
}: ConversationHeaderProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-3 py-1.5">
      <h1 className="min-w-0 truncate text-sm font-semibold">
        <SafeText text={c.title} />
      </h1>
      <span className="text-xs text-muted-foreground">{plural(c.columns.length, "column")}</span>
      <div className="ml-auto flex items-center gap-1.5">
        {actions}
        <ExportBundleButton unit={{ type: "playground-conversation", conversationId: c.id }} testId="pg-export-bundle" />
        <Button
          size="xs"
          variant={showSetup ? "secondary" : "outline"}
          aria-pressed={showSetup}
          data-testid="pg-toggle-setup"
          onClick={onToggleSetup}
        >
          <SlidersHorizontalIcon /> Setup
        </Button>
        <Button
          size="xs"
          variant="outline"
          data-testid="pg-add-model"
          disabled={c.columns.length >= 3 || addingModel}
          title={c.columns.length >= 3 ? "At most three columns" : "Run this conversation on another provider/model, side by side"}
          onClick={onAddModel}
        >
          {/* Not "Compare": beside "Compare with…" (another conversation) two Compare buttons read as one action. */}
          <Columns3Icon /> Add model
        </Button>
      </div>
    </div>
  );
}
