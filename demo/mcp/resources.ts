import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/sdk/types.js";
import type { DemoState } from "./state";
import { itineraryMarkdown } from "./state";

/** The itineraries export-itinerary links to, so a resource_link can actually be followed. */
export function listResources(state: DemoState): Resource[] {
  return [...state.trips.values()].flatMap((trip) => [
    { uri: `demo://trips/${trip.id}/itinerary.md`, name: `${trip.id}-itinerary.md`, title: trip.title, mimeType: "text/markdown" },
    { uri: `demo://trips/${trip.id}/itinerary.json`, name: `${trip.id}-itinerary.json`, title: trip.title, mimeType: "application/json" },
  ]);
}

export function readResource(state: DemoState, uri: string): ReadResourceResult {
  const match = /^demo:\/\/trips\/(TR-[0-9]{4})\/itinerary\.(md|json)$/.exec(uri);
  const trip = match?.[1] ? state.trips.get(match[1]) : undefined;
  if (!match || !trip) {
    // -32002 is the spec's "resource not found" code.
    throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
  }
  return match[2] === "md"
    ? { contents: [{ uri, mimeType: "text/markdown", text: itineraryMarkdown(trip) }] }
    : { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(trip, null, 2) }] };
}
