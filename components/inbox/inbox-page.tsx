"use client";

import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { relatedTaskIdOf } from "@/components/mcp/requests/request-params";
import { InboxView } from "./inbox-view";

export interface InboxPageProps {
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The inbox as the main pane (?view=inbox): each row's link opens where its request comes from. */
export function InboxPage({ navigate }: InboxPageProps) {
  return (
    <InboxView
      onOpenSession={(item) =>
        // The raising event opens selected, so the session scrolls to the request that was clicked.
        navigate({
          agentId: item.agentId,
          app: item.appName,
          sessionId: item.sessionId,
          userId: item.userId,
          eventId: item.eventId || null,
        })
      }
      onOpenConnection={(request) => {
        // A task's question opens its task; any other, the tool whose call waits for it.
        const task = request.relatedCall ? undefined : relatedTaskIdOf(request.params);
        navigate(
          task
            ? { connectionId: request.connectionId, tab: "tasks", task }
            : { connectionId: request.connectionId, tab: "tools", tool: request.relatedCall?.tool ?? null },
        );
      }}
    />
  );
}
