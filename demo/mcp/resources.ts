import { ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import type { ResourceProvider, ResourceTemplate } from "./types";
import type { DemoState } from "./state";
import { itineraryMarkdown } from "./state";

/**
 * The demo's resources: each trip's itinerary (Markdown and JSON; export-itinerary links to them)
 * and each booking as JSON. Bookings change when book-hotel, cancel-booking or
 * confirm-guest-details run, so a subscribed client gets notifications/resources/updated.
 */
export function listResources(state: DemoState): Resource[] {
  const trips = [...state.trips.values()].flatMap((trip) => [
    { uri: `demo://trips/${trip.id}/itinerary.md`, name: `${trip.id}-itinerary.md`, title: trip.title, mimeType: "text/markdown" },
    { uri: `demo://trips/${trip.id}/itinerary.json`, name: `${trip.id}-itinerary.json`, title: trip.title, mimeType: "application/json" },
  ]);
  const bookings = [...state.bookings.values()].map((b) => ({
    uri: bookingUri(b.id),
    name: `${b.id}.json`,
    title: `Booking ${b.id} (${b.status})`,
    mimeType: "application/json",
  }));
  return [...trips, ...bookings];
}

export const bookingUri = (id: string): string => `demo://bookings/${id}`;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: "demo://trips/{tripId}/itinerary.{format}",
    name: "trip-itinerary",
    title: "A trip's itinerary",
    description: "format is md or json; tripId completes from the saved trips.",
  },
  {
    uriTemplate: "demo://bookings/{bookingId}",
    name: "booking",
    title: "A booking as JSON",
    description: "bookingId completes from the bookings made so far.",
    mimeType: "application/json",
  },
];

export function readResource(state: DemoState, uri: string): ReadResourceResult {
  const booking = /^demo:\/\/bookings\/(BK-[0-9]{6})$/.exec(uri);
  if (booking?.[1]) {
    const found = state.bookings.get(booking[1]);
    if (found) return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(found, null, 2) }] };
  }
  const match = /^demo:\/\/trips\/(TR-[0-9]{4})\/itinerary\.(md|json)$/.exec(uri);
  const trip = match?.[1] ? state.trips.get(match[1]) : undefined;
  if (!match || !trip) {
    // -32602 with the uri in data: the 2026-07-28 spec's answer (SEP-2164); SDK v2 sends it in both eras.
    throw new ResourceNotFoundError(uri);
  }
  return match[2] === "md"
    ? { contents: [{ uri, mimeType: "text/markdown", text: itineraryMarkdown(trip) }] }
    : { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(trip, null, 2) }] };
}

/** completion/complete for the template variables: values starting with what was typed. */
export function completeTemplateVariable(state: DemoState, name: string, value: string): string[] {
  const pool =
    name === "tripId"
      ? [...state.trips.keys()]
      : name === "bookingId"
        ? [...state.bookings.keys()]
        : name === "format"
          ? ["md", "json"]
          : [];
  const typed = value.toLowerCase();
  return pool.filter((v) => v.toLowerCase().startsWith(typed));
}

/** A fingerprint per resource URI, to notice which ones a tool call changed. */
export function resourceFingerprints(state: DemoState): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of state.bookings.values()) out.set(bookingUri(b.id), JSON.stringify(b));
  for (const t of state.trips.values()) {
    const json = JSON.stringify(t);
    out.set(`demo://trips/${t.id}/itinerary.md`, json);
    out.set(`demo://trips/${t.id}/itinerary.json`, json);
  }
  return out;
}

/** The travel demo's resources as a module provider. */
export function travelResources(state: DemoState): ResourceProvider {
  return {
    list: () => listResources(state),
    templates: RESOURCE_TEMPLATES,
    read: (uri) => (uri.startsWith("demo://") ? readResource(state, uri) : undefined),
    complete: (ref, argument, value) =>
      ref.type === "ref/resource" && RESOURCE_TEMPLATES.some((t) => t.uriTemplate === ref.uri)
        ? completeTemplateVariable(state, argument, value)
        : [],
  };
}
