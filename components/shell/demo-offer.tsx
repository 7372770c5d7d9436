"use client";

import { useQuery } from "@tanstack/react-query";
import type { DemoOffer } from "@/lib/contracts/demos";
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

/** Under a protocol's sidebar section: the demos of that protocol this install offers instead of running. */
export function DemoOffers({ protocol }: { protocol: string }) {
  const offers = useQuery(demoOffersQuery());
  const mine = (offers.data ?? []).filter((o) => o.protocol === protocol);
  if (mine.length === 0) return null;
  return (
    <div data-testid={`demo-offers-${protocol}`}>
      {mine.map((offer) => (
        <DemoOfferNote key={offer.id} offer={offer} />
      ))}
    </div>
  );
}
