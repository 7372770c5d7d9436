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
  /** The packages that did not resolve from Loupe's folder. */
  missing: z.array(z.string()),
});
export type DemoOffer = z.infer<typeof DemoOffer>;

export const DemoOffers = z.object({ offers: z.array(DemoOffer) });
export type DemoOffers = z.infer<typeof DemoOffers>;
