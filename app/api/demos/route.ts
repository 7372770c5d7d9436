import { handle } from "@/lib/server/http";
import { demoFailures, demoOffers } from "@/lib/server/demo-offers";
import type { DemoOffers } from "@/lib/contracts/demos";

export const dynamic = "force-dynamic";

/** The demo peers this install cannot run, each with the packages it lacks, and those that failed to start (DemoOffers). */
export function GET(): Promise<Response> {
  return handle(() => Response.json({ offers: demoOffers(), failures: demoFailures() } satisfies DemoOffers));
}
