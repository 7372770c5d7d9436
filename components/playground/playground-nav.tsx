"use client";

import { useQuery } from "@tanstack/react-query";
import { MessagesSquareIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { usePlaygroundActions } from "@/hooks/use-playground";
import { connectionsQuery } from "@/lib/queries/connections";
import { conversationsQuery, providersQuery } from "@/lib/queries/playground";
import { QueryError } from "@/components/elements/query-error";
import { ConversationList } from "@/components/playground/conversation-list";
import { defaultConversation } from "@/components/playground/defaults";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface PlaygroundNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's Playground entry; while the playground is open, its conversations under it. */
export function PlaygroundNav({ location, navigate }: PlaygroundNavProps) {
  const open = location.view === "playground";
  const conversations = useQuery({ ...conversationsQuery(), enabled: open });
  const providers = useQuery({ ...providersQuery(), enabled: open });
  const connections = useQuery(connectionsQuery());
  const { create, patch, remove } = usePlaygroundActions();

  const createConversation = () => {
    const n = (conversations.data?.length ?? 0) + 1;
    const input = defaultConversation(providers.data ?? [], connections.data ?? [], `Conversation ${n}`);
    create.mutate(input, { onSuccess: (c) => navigate({ view: "playground", conversationId: c.id }) });
  };

  return (
    <div className="flex flex-col border-t">
      <div className="px-1.5 pt-2 pb-1">
        <button
          type="button"
          data-testid="playground-link"
          aria-current={open ? "page" : undefined}
          onClick={() => navigate({ view: "playground" })}
          className={cn(
            "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
            sidebarItemState(open && !location.conversationId),
          )}
        >
          <MessagesSquareIcon className="size-4 text-muted-foreground" />
          <span className="flex-1 text-left font-medium">Playground</span>
        </button>
      </div>
      {open &&
        (conversations.isError ? (
          <QueryError
            className="m-2"
            title="Could not load conversations"
            error={conversations.error}
            onRetry={() => void conversations.refetch()}
          />
        ) : (
          <>
            {create.error && <QueryError className="m-2" title="Could not create the conversation" error={create.error} />}
            {remove.error && <QueryError className="m-2" title="Could not delete the conversation" error={remove.error} />}
            <ConversationList
              conversations={conversations.data ?? []}
              selectedId={location.conversationId}
              onSelect={(id) => navigate({ view: "playground", conversationId: id })}
              onCreate={createConversation}
              creating={create.isPending || (providers.isPending && providers.fetchStatus !== "idle")}
              onRename={(id, title) => patch.mutateAsync({ id, patch: { title } })}
              onDelete={(id) =>
                remove.mutate(id, {
                  onSuccess: () => id === location.conversationId && navigate({ view: "playground", conversationId: null }),
                })
              }
            />
          </>
        ))}
    </div>
  );
}
