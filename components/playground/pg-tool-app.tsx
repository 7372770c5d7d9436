"use client";

import { createContext, useContext, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { PgToolCall } from "@/lib/contracts/playground";
import { toolUiResourceUri } from "@/lib/apps/tool-ui";
import { isRecord } from "@/lib/values";
import { toolsQuery } from "@/lib/queries/tools";
import { Button } from "@/components/ui/button";
import { AppView } from "@/components/mcp/apps/app-view";

/**
 * True under a recorded conversation (an imported bundle): its calls' connections are not this
 * Loupe's, and a read-only view must not reach a live server, so no app is loaded.
 */
export const PgRecordedContext = createContext(false);

/**
 * An MCP App (SEP-1865) under a playground call whose tool has one, fed the call's arguments and
 * result as in the Tools tab. Nothing when the tool has no app or is not listed (any more).
 */
export function PgToolApp({ call }: { call: PgToolCall }) {
  const recorded = useContext(PgRecordedContext);
  const done = call.status === "ok" || call.status === "tool_error";
  const tools = useQuery({ ...toolsQuery(call.connectionId ?? ""), enabled: !recorded && done && call.connectionId !== null });
  const [open, setOpen] = useState(true);
  const tool = tools.data?.tools.find((t) => t.name === call.tool);
  const uri = tool ? toolUiResourceUri(tool) : null;
  if (recorded || !done || !tool || !uri || !call.connectionId) return null;
  const r = isRecord(call.result) ? call.result : {};
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="pg-tool-app">
      <Button size="xs" variant="ghost" className="self-start" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide the app" : "Show the app"}
      </Button>
      {open && (
        <AppView
          connectionId={call.connectionId}
          tool={tool}
          resourceUri={uri}
          appSessionId={call.callId ?? call.toolCallId}
          input={call.arguments}
          outcome={{ kind: "result", result: { ...r, content: Array.isArray(r.content) ? r.content : [] } }}
        />
      )}
    </div>
  );
}
