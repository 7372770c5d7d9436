"use client";

import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import type { DemoFailure, DemoOffer, DemoOffers as DemoOffersList } from "@/lib/contracts/demos";
import { demoKeys, demoOffersQuery, startDemo } from "@/lib/queries/demos";

export interface DemoOfferNoteProps {
  offer: DemoOffer;
}

/** One demo this install cannot run, in words: what it needs and where it runs. */
export function DemoOfferNote({ offer }: DemoOfferNoteProps) {
  return (
    <p className="px-3 pb-2 text-xs text-muted-foreground" data-testid="demo-offer" data-demo={offer.id}>
      {offer.label} is not part of this install: it needs{" "}
      {offer.missing.map((name, i) => (
        <span key={name}>
          {i > 0 && ", "}
          <code className="font-mono">{name}</code>
        </span>
      ))}
      . Run Loupe from its repository (<code className="font-mono">npm install &amp;&amp; npm start</code>) to try it.
    </p>
  );
}

/** A demo that was started and failed, in its own words (issue 23: it was only in the terminal). */
export function DemoFailureNote({ failure }: { failure: DemoFailure }) {
  return (
    <p role="alert" className="px-3 pb-2 text-xs break-words text-destructive" data-testid="demo-failure" data-demo={failure.id}>
      {failure.message}
    </p>
  );
}

export interface DemoStartOfferProps {
  offer: DemoOffer & { start: NonNullable<DemoOffer["start"]> };
  /** Starts it (POST /api/demos/<id>/start). */
  onStart: () => void;
  /** The request itself failed (the server's words). */
  error?: string;
}

/** A demo that starts only when asked: why, a Start button, then how far it got. */
export function DemoStartOffer({ offer, onStart, error }: DemoStartOfferProps) {
  const { state, reason } = offer.start;
  const failure = error ?? offer.start.error;
  return (
    <div
      className="space-y-1.5 px-3 pb-2 text-xs text-muted-foreground"
      data-testid="demo-start-offer"
      data-demo={offer.id}
      data-state={state}
    >
      <p>
        {offer.label} starts when you ask: {reason}.
      </p>
      {state === "starting" ? (
        <p role="status">Starting {offer.label.replace(/^The /, "the ")}… it appears here once its server answers.</p>
      ) : (
        <Button size="xs" variant="outline" onClick={onStart}>
          {state === "failed" ? "Try again" : "Start"}
        </Button>
      )}
      {failure && state !== "starting" && (
        <p className="text-destructive" role="alert">
          It did not start: {failure}
        </p>
      )}
    </div>
  );
}

/** Under a protocol's sidebar section: its demos this install offers instead of running, and those that did not start. */
export function DemoOffers({ protocol }: { protocol: string }) {
  const qc = useQueryClient();
  const demos = useQuery(demoOffersQuery());
  const start = useMutation({
    mutationFn: startDemo,
    onSuccess: (offer) =>
      qc.setQueryData<DemoOffersList>(demoKeys.offers(), (list) =>
        list ? { ...list, offers: list.offers.map((o) => (o.id === offer.id ? offer : o)) } : list,
      ),
  });
  const mine = (demos.data?.offers ?? []).filter((o) => o.protocol === protocol);
  const failures = (demos.data?.failures ?? []).filter((f) => f.protocol === protocol);
  // A demo that was starting and is no longer offered is saved: every list is read again to show it.
  const starting = mine.some((o) => o.start?.state === "starting");
  const wasStarting = useRef(false);
  useEffect(() => {
    if (wasStarting.current && !starting) void qc.invalidateQueries();
    wasStarting.current = starting;
  }, [starting, qc]);
  if (mine.length === 0 && failures.length === 0) return null;
  return (
    <div data-testid={`demo-offers-${protocol}`}>
      {mine.map((offer) =>
        offer.start ? (
          <DemoStartOffer
            key={offer.id}
            offer={{ ...offer, start: offer.start }}
            onStart={() => start.mutate(offer.id)}
            error={start.variables === offer.id ? start.error?.message : undefined}
          />
        ) : (
          <DemoOfferNote key={offer.id} offer={offer} />
        ),
      )}
      {failures.map((failure) => (
        <DemoFailureNote key={failure.id} failure={failure} />
      ))}
    </div>
  );
}
