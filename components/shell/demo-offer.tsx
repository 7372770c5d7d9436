"use client";

import { useQuery } from "@tanstack/react-query";
import type { DemoFailure, DemoOffer } from "@/lib/contracts/demos";
import { demoOffersQuery } from "@/lib/queries/demos";

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

/** Under a protocol's sidebar section: its demos this install offers instead of running, and those that did not start. */
export function DemoOffers({ protocol }: { protocol: string }) {
  const demos = useQuery(demoOffersQuery());
  const offers = (demos.data?.offers ?? []).filter((o) => o.protocol === protocol);
  const failures = (demos.data?.failures ?? []).filter((f) => f.protocol === protocol);
  if (offers.length === 0 && failures.length === 0) return null;
  return (
    <div data-testid={`demo-offers-${protocol}`}>
      {offers.map((offer) => (
        <DemoOfferNote key={offer.id} offer={offer} />
      ))}
      {failures.map((failure) => (
        <DemoFailureNote key={failure.id} failure={failure} />
      ))}
    </div>
  );
}
