"use client";

import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { PgModelRequest, PgModelResponse } from "@/lib/contracts/playground";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import { fullEntryQuery } from "@/lib/queries/playground";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LargeText } from "@/components/elements/large-text";
import { RawJson } from "@/components/elements/raw-json";
import { QueryError } from "@/components/elements/query-error";
import type { Recorded } from "@/components/playground/timeline-model";

export interface RawExchangeDialogProps {
  title: string;
  request?: Recorded<PgModelRequest>;
  response?: Recorded<PgModelResponse>;
  onClose: () => void;
}

/** One model step exactly as it went over the wire: the request body Loupe sent and the provider's raw answer. */
export function RawExchangeDialog({ title, request, response, onClose }: RawExchangeDialogProps) {
  // Opened by a step's Raw button, not a DialogTrigger: Radix has no trigger to return focus to,
  // so remember what had focus when it opened and give it back on close.
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        className="max-w-4xl"
        data-testid="pg-raw-dialog"
        onCloseAutoFocus={(e) => {
          if (!opener?.isConnected) return;
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            The exact request body sent to the provider (headers left out: they hold the key) and the response as it came back.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={request ? "request" : "response"} className="min-w-0">
          <TabsList>
            <TabsTrigger value="request" data-testid="pg-raw-request-tab">
              Request
            </TabsTrigger>
            <TabsTrigger value="response" data-testid="pg-raw-response-tab">
              Response
            </TabsTrigger>
          </TabsList>
          <TabsContent value="request" className="min-w-0">
            {request ? (
              <Whole kind="pg_model_request" recorded={request} render={(r) => <RequestBody request={r} />} />
            ) : (
              <Missing what="request" />
            )}
          </TabsContent>
          <TabsContent value="response" className="min-w-0">
            {response ? (
              <Whole kind="pg_model_response" recorded={response} render={(r) => <ResponseBody response={r} />} />
            ) : (
              <Missing what="response (the step is still running)" />
            )}
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function Missing({ what }: { what: string }) {
  return <p className="text-sm text-muted-foreground">No {what} was recorded.</p>;
}

type WholeKind = "pg_model_request" | "pg_model_response";

/** A recorded raw, fetched whole first when the stream carried a preview of it. */
function Whole<K extends WholeKind>({
  kind,
  recorded,
  render,
}: {
  kind: K;
  recorded: Recorded<EntryPayload<K>>;
  render: (raw: EntryPayload<K>) => ReactNode;
}) {
  const full = useQuery({ ...fullEntryQuery(recorded.seq), enabled: recorded.truncated });
  if (!recorded.truncated) return render(recorded.raw);
  if (full.isError) return <QueryError title="Could not load the whole entry" error={full.error} onRetry={() => void full.refetch()} />;
  if (!full.data) return <p className="text-sm text-muted-foreground">Loading the whole entry…</p>;
  const whole = entryPayload(full.data, kind);
  // A whole entry that does not fit its kind is shown as recorded, never thrown on.
  if (!whole)
    return <RawJson value={full.data.raw} filename={`entry-${recorded.seq}.json`} title="Recorded entry (not the expected shape)" />;
  return render(whole);
}

function RequestBody({ request }: { request: PgModelRequest }) {
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="pg-raw-request">
      <p className="font-mono text-xs break-all">
        {request.url ? `POST ${request.url}` : "No HTTP request: the scripted model runs inside Loupe"} · {request.provider} ·{" "}
        {request.model}
      </p>
      <RawJson value={request.body ?? null} filename={`request-${request.turn}-${request.step}.json`} title="Request body" />
    </div>
  );
}

function ResponseBody({ response }: { response: PgModelResponse }) {
  const http = response.http;
  const pretty = useMemo(() => {
    if (!http) return null;
    try {
      return JSON.stringify(JSON.parse(http.body), null, 2);
    } catch {
      return http.body; // an SSE stream or a plain-text error: shown as sent
    }
  }, [http]);
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="pg-raw-response">
      {response.error && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs">
          <p className="font-medium text-destructive">{response.error.message}</p>
          {response.error.raw !== undefined && <RawJson value={response.error.raw} filename="provider-error.json" title="Provider error" />}
        </div>
      )}
      {http && pretty !== null ? (
        <section className="flex flex-col gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">
            HTTP {http.status}
            {http.truncated ? " · body cut by Loupe" : ""}
          </h4>
          <LargeText text={pretty} filename={`response-${response.turn}-${response.step}.txt`} />
        </section>
      ) : (
        <p className="text-xs text-muted-foreground">No HTTP body (the scripted model answers in Loupe).</p>
      )}
      <RawJson value={response} filename={`response-${response.turn}-${response.step}.json`} title="As Loupe recorded it" />
    </div>
  );
}
