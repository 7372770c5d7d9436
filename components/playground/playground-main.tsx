"use client";

import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { usePlaygroundActions } from "@/hooks/use-playground";
import { connectionsQuery } from "@/lib/queries/connections";
import { conversationsQuery, providersQuery } from "@/lib/queries/playground";
import { QueryError } from "@/components/elements/query-error";
import { ConversationView } from "@/components/playground/conversation-view";
import { PgComparePane } from "@/components/playground/compare-pane";
import { PgCompareWithDialog } from "@/components/playground/compare-with-dialog";
import { defaultConversation } from "@/components/playground/defaults";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "lucide-react";

export interface PlaygroundMainProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The main pane when the URL says ?view=playground: the open conversation (?pg=), or how to start one. */
export function PlaygroundMain({ location, navigate }: PlaygroundMainProps) {
  const conversations = useQuery(conversationsQuery());
  const providers = useQuery(providersQuery());
  const connections = useQuery(connectionsQuery());
  const actions = usePlaygroundActions();

  if (conversations.isError) {
    return (
      <QueryError
        className="m-3"
        title="Could not load the playground"
        error={conversations.error}
        onRetry={() => void conversations.refetch()}
      />
    );
  }
  const open = conversations.data?.find((c) => c.id === location.conversationId);
  if (!open) {
    return (
      <div className="m-auto flex max-w-md flex-col gap-2 p-6 text-sm text-muted-foreground" data-testid="pg-empty">
        {conversations.isPending ? (
          <p>Loading conversations…</p>
        ) : (
          <>
            {location.conversationId && <p className="text-foreground">This conversation does not exist (any more).</p>}
            <p>
              The playground lets a model use your connected servers&apos; tools while Loupe runs the loop: every request, tool call,
              approval and result is recorded here. Start a new conversation, or open one from the sidebar.
            </p>
            <p>No key? The scripted model works offline against the demo server.</p>
            <Button
              size="sm"
              className="self-start"
              data-testid="pg-empty-new"
              disabled={actions.create.isPending || providers.isPending}
              onClick={() =>
                actions.create.mutate(
                  defaultConversation(
                    providers.data ?? [],
                    connections.data ?? [],
                    `Conversation ${(conversations.data?.length ?? 0) + 1}`,
                  ),
                  {
                    onSuccess: (c) => navigate({ view: "playground", conversationId: c.id }),
                  },
                )
              }
            >
              <PlusIcon /> New conversation
            </Button>
            {actions.create.error && <QueryError title="Could not create the conversation" error={actions.create.error} />}
          </>
        )}
      </div>
    );
  }
  const other = location.compareWith ? conversations.data?.find((c) => c.id === location.compareWith) : undefined;
  if (location.compareWith) {
    if (!other) return <p className="m-auto text-sm text-muted-foreground">The conversation to compare with does not exist (any more).</p>;
    return (
      <PgComparePane
        key={`${open.id}/${other.id}`}
        a={open}
        b={other}
        onClose={() => navigate({ view: "playground", conversationId: open.id, compareWith: null })}
        onSwap={() => navigate({ view: "playground", conversationId: other.id, compareWith: open.id })}
        onOpen={(id) => navigate({ view: "playground", conversationId: id, compareWith: null })}
      />
    );
  }
  return (
    <>
      {providers.isError && (
        <QueryError
          className="m-2"
          title="Could not read the providers' key status"
          error={providers.error}
          onRetry={() => void providers.refetch()}
        />
      )}
      <ConversationView
        key={open.id}
        conversation={open}
        connections={connections.data ?? []}
        providers={providers.data ?? []}
        actions={actions}
        onOpenInbox={() => navigate({ view: "inbox" })}
        headerActions={
          <PgCompareWithDialog
            conversationId={open.id}
            onPick={(id) => navigate({ view: "playground", conversationId: open.id, compareWith: id })}
          />
        }
      />
    </>
  );
}
