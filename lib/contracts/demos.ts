import { z } from "zod";

/**
 * A demo peer this install cannot run (GET /api/demos): its packages are not there, which is the
 * case of the npm package for the demos with heavy dependencies. The sidebar section of its
 * protocol says so, and where the demo runs: Loupe's repository.
 */
export const DemoOffer = z.object({
  /** The protocol whose sidebar section shows it (an id of PROTOCOL_ADAPTERS and of the descriptors). */
  protocol: z.string(),
  id: z.string(),
  /** "The demo agent". */
  label: z.string(),
  /** The packages that did not resolve from Loupe's folder (none for a demo that starts on request). */
  missing: z.array(z.string()),
  /** A demo this install runs, but only when asked (DemoPeer.onRequest): why, and how far it got. */
  start: z
    .object({
      reason: z.string(),
      state: z.enum(["offered", "starting", "failed"]),
      /** Why it did not start (state "failed"), in the demo's own words. */
      error: z.string().optional(),
    })
    .optional(),
});
export type DemoOffer = z.infer<typeof DemoOffer>;

/**
 * A demo peer this install tried to start and could not (issue 23: "The demo ADK agent over A2A did
 * not start" was only in the terminal): the sidebar section of its protocol shows the message.
 */
export const DemoFailure = z.object({
  protocol: z.string(),
  id: z.string(),
  /** "The demo ADK agent over A2A did not start: …", the error's own words included. */
  message: z.string(),
});
export type DemoFailure = z.infer<typeof DemoFailure>;

export const DemoOffers = z.object({ offers: z.array(DemoOffer), failures: z.array(DemoFailure).default([]) });
export type DemoOffers = z.infer<typeof DemoOffers>;
