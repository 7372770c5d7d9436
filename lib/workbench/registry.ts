import { a2aLocation } from "@/lib/workbench/a2a";
import { adkLocation, type AdkLocation } from "@/lib/workbench/adk";
import { aguiLocation } from "@/lib/workbench/agui";
import { bundlesLocation, inboxLocation, type BundlesLocation } from "@/lib/workbench/core-location";
import { mcpLocation, type McpLocation } from "@/lib/workbench/mcp";
import type { PeerLocation } from "@/lib/workbench/peer-location";
import { playgroundLocation, type PlaygroundLocation } from "@/lib/workbench/playground";

/**
 * The browser's pure protocol registry (issue 20): the one place beside the React registry
 * (components/protocols/registry.tsx) that lists every protocol. Everything else — the URL codec
 * (lib/workbench/location.ts), … — loops over these tables.
 */

/**
 * The parts of the workbench URL, in the order a patch is offered to them (the first that takes
 * it decides what opens): the views first, then the agent before the server (a URL naming both
 * shows the agent).
 */
export const LOCATION_PARTS = [
  inboxLocation,
  bundlesLocation,
  a2aLocation,
  aguiLocation,
  playgroundLocation,
  adkLocation,
  mcpLocation,
] as const;

/** Every part's fields (a field two parts share means the same to both). */
export type PartsLocation = McpLocation & AdkLocation & PeerLocation & PlaygroundLocation & BundlesLocation;

export const EMPTY_PARTS: PartsLocation = {
  ...mcpLocation.empty,
  ...adkLocation.empty,
  ...a2aLocation.empty,
  ...aguiLocation.empty,
  ...playgroundLocation.empty,
  ...bundlesLocation.empty,
};
