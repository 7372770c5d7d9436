"use client";

import { useMemo } from "react";
import { BotIcon, UserIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { ContentBlockView } from "@/components/elements/content-block";
import { classifyBlock } from "@/lib/tool-result/content";
import { cn } from "@/lib/cn";

export interface PromptMessagesProps {
  /** `messages` of a GetPromptResult, as received. */
  messages: unknown;
}

interface Shown {
  role: string;
  blocks: ReturnType<typeof classifyBlock>[];
}

/** The prompt's messages as a conversation: role, then each content block by its type. */
export function PromptMessages({ messages }: PromptMessagesProps) {
  const shown = useMemo<Shown[]>(() => {
    if (!Array.isArray(messages)) return [];
    return messages.map((m: unknown) => {
      const msg = (typeof m === "object" && m !== null ? m : {}) as { role?: unknown; content?: unknown };
      const content = Array.isArray(msg.content) ? msg.content : [msg.content];
      return { role: typeof msg.role === "string" ? msg.role : "?", blocks: content.map((c, i) => classifyBlock(c, i)) };
    });
  }, [messages]);
  if (!Array.isArray(messages))
    return <p className="text-xs text-amber-700 dark:text-amber-300">The result has no messages array; see the raw JSON.</p>;
  if (shown.length === 0) return <p className="text-xs text-muted-foreground">The prompt returned no messages.</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="prompt-messages">
      {shown.map((m, i) => {
        const assistant = m.role === "assistant";
        return (
          <li
            key={i}
            data-testid="prompt-message"
            data-role={m.role}
            className={cn("flex flex-col gap-2 rounded-lg border p-3", assistant ? "ml-8 bg-muted/50" : "mr-8 bg-background")}
          >
            <span className="flex items-center gap-1.5 text-xs font-medium">
              {assistant ? <BotIcon className="size-3.5" /> : <UserIcon className="size-3.5" />}
              <Badge variant={assistant ? "secondary" : "outline"}>{m.role}</Badge>
            </span>
            {m.blocks.map((b) => (
              <ContentBlockView key={b.index} block={b} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}
