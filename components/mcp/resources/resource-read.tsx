"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BellRingIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RawJson } from "@/components/elements/raw-json";
import { QueryError } from "@/components/elements/query-error";
import { readResourceQuery } from "@/lib/queries/resources";
import type { ResourceUpdate } from "@/lib/queries/resources";
import { formatBytes, formatClock, formatDuration, plural } from "@/lib/format";
import { ResourceContents } from "./resource-contents";
import { SubscribeButton } from "./subscribe-button";

export interface ResourceReadProps {
  connectionId: string;
  uri: string;
  subscribed: boolean;
  canSubscribe: boolean;
  /** Why subscribing is not offered, when it is not the server's choice (the protocol era). */
  subscribeNote?: string;
  /** The newest `notifications/resources/updated` for this URI, if any. */
  lastUpdate?: ResourceUpdate;
}

const time = formatClock;

/** resources/read of one URI (read on open), its contents by type, and its subscription. */
export function ResourceRead({ connectionId, uri, subscribed, canSubscribe, subscribeNote, lastUpdate }: ResourceReadProps) {
  const read = useQuery(readResourceQuery(connectionId, uri));
  const [raw, setRaw] = useState(false);
  const readAt = read.data ? read.dataUpdatedAt : 0;
  const updatedSinceRead = lastUpdate !== undefined && read.data !== undefined && lastUpdate.at > read.data.readAt;

  return (
    <div className="flex flex-col gap-3" data-testid="resource-read" data-uri={uri}>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="xs" variant="outline" data-testid="reread" disabled={read.isFetching} onClick={() => void read.refetch()}>
          <RefreshCwIcon className={read.isFetching ? "animate-spin" : undefined} /> {read.data ? "Re-read" : "Read"}
        </Button>
        <SubscribeButton connectionId={connectionId} uri={uri} subscribed={subscribed} supported={canSubscribe} note={subscribeNote} />
        {read.data && (
          <Button size="xs" variant="ghost" aria-pressed={raw} data-testid="resource-raw-toggle" onClick={() => setRaw((r) => !r)}>
            {raw ? "Rendered" : "Raw JSON"}
          </Button>
        )}
        {lastUpdate && (
          <span className="text-[11px] text-muted-foreground" data-testid="resource-last-update">
            last update {time(lastUpdate.at)}
          </span>
        )}
      </div>
      {updatedSinceRead && (
        <div
          role="status"
          data-testid="resource-updated"
          className="flex items-center gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 px-3 py-1.5 text-xs text-sky-800 dark:text-sky-300"
        >
          <BellRingIcon className="size-3.5 shrink-0" />
          <span className="flex-1">
            The server reported an update at {time(lastUpdate.at)} — what you see was read at {time(read.data.readAt)}.
          </span>
          <Button size="xs" variant="outline" data-testid="reread-updated" disabled={read.isFetching} onClick={() => void read.refetch()}>
            Re-read
          </Button>
        </div>
      )}
      {read.isPending ? (
        <p className="text-xs text-muted-foreground" data-testid="resource-reading">
          Reading {uri}…
        </p>
      ) : read.isError && !read.data ? (
        <QueryError title="Could not read the resource" error={read.error} onRetry={() => void read.refetch()} />
      ) : read.data ? (
        <>
          {read.isError && <QueryError title="Re-reading failed (showing the previous read)" error={read.error} />}
          <p className="text-[11px] text-muted-foreground" data-testid="resource-read-meta" data-read-at={readAt}>
            read {time(read.data.readAt)} · {formatDuration(read.data.ms)} · {formatBytes(read.data.totalBytes)}
            {` · ${plural(read.data.result.contents.length, "item")}`}
          </p>
          {read.data.large && (
            <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-1.5 text-xs" data-testid="resource-large">
              This resource is large ({formatBytes(read.data.totalBytes)}): text is shown in part and blobs are offered as downloads.
            </p>
          )}
          {raw ? (
            <RawJson value={read.data.result} filename="resource-read.json" />
          ) : (
            <ResourceContents contents={read.data.result.contents} />
          )}
        </>
      ) : null}
    </div>
  );
}
