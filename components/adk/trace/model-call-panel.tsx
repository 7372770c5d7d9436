"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryError } from "@/components/elements/query-error";
import { parseModelCall } from "@/lib/protocols/adk/trace";
import { eventTraceQuery } from "@/lib/queries/adk-trace";
import { ModelCallView } from "./model-call-view";

export interface ModelCallPanelProps {
  agentId: string;
  appName: string;
  eventId: string;
}

/** The server's reason as a sentence ("this server exposes …" → "This server exposes …"). */
export const sentence = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

function Note({ text, kind }: { text: string; kind: "no-trace" | "no-call" }) {
  return (
    <p data-testid="model-call-absent" data-kind={kind} className="text-xs text-muted-foreground">
      {text}
    </p>
  );
}

/** The Model call tab of a live session's event: fetched from the agent server's trace endpoint. */
export function ModelCallPanel({ agentId, appName, eventId }: ModelCallPanelProps) {
  const { data, error, isPending, refetch } = useQuery(eventTraceQuery(agentId, appName, eventId));
  if (error) return <QueryError title="Could not read the trace" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <p className="text-xs text-muted-foreground">Reading the trace…</p>;
  if ("absent" in data) {
    const noEndpoint = /no trace endpoint|501/.test(data.reason);
    return (
      <Note
        kind={noEndpoint ? "no-trace" : "no-call"}
        text={noEndpoint ? `${sentence(data.reason)}.` : `No model call behind this event: ${data.reason}.`}
      />
    );
  }
  const call = parseModelCall(data.attributes);
  if (!call) return <Note kind="no-call" text="No model call behind this event: its span is a tool run, not a model request." />;
  return <ModelCallView call={call} eventId={eventId} />;
}
