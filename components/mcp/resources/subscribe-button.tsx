"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BellIcon, BellOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ConnectionView } from "@/lib/contracts/connections";
import { connectionKeys } from "@/lib/queries/connections";
import { resourceApi } from "@/lib/queries/resources";

/** Keeps the connection list in step with the answer; the stream's status entry says the same a moment later. */
function setSubscriptions(list: ConnectionView[] | undefined, id: string, subscriptions: string[]) {
  return list?.map((c) => (c.id === id ? { ...c, state: { ...c.state, subscriptions } } : c));
}

export function useSubscription(connectionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uri, on }: { uri: string; on: boolean }) =>
      on ? resourceApi.subscribe(connectionId, uri) : resourceApi.unsubscribe(connectionId, uri),
    onSuccess: (res) =>
      qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (l) => setSubscriptions(l, connectionId, res.subscriptions)),
  });
}

export interface SubscribeButtonProps {
  connectionId: string;
  uri: string;
  subscribed: boolean;
  /** The server declared `resources.subscribe`. */
  supported: boolean;
  /** Shown instead of "Server does not support subscriptions" when something else rules them out. */
  note?: string;
}

/** Subscribe / Unsubscribe for one URI, with the failure shown next to it. */
export function SubscribeButton({ connectionId, uri, subscribed, supported, note }: SubscribeButtonProps) {
  const mutation = useSubscription(connectionId);
  if (!supported) {
    return (
      <span className="text-[11px] text-muted-foreground" data-testid="subscribe-unsupported">
        {note ?? "Server does not support subscriptions"}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        size="xs"
        variant={subscribed ? "secondary" : "outline"}
        data-testid={subscribed ? "unsubscribe" : "subscribe"}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ uri, on: !subscribed })}
      >
        {subscribed ? <BellOffIcon /> : <BellIcon />}
        {subscribed ? "Unsubscribe" : "Subscribe"}
      </Button>
      {mutation.isError && (
        <span role="alert" className="text-[11px] text-destructive" data-testid="subscribe-error">
          {mutation.error.message}
        </span>
      )}
    </span>
  );
}
