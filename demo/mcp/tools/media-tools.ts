import type { DemoTool } from "../types";
import { defineTool, hashString, textResult } from "../types";
import type { Rgb } from "../png";
import { Canvas } from "../png";
import type { DemoState } from "../state";
import { SAMPLE_TRIP_ID, itineraryMarkdown } from "../state";

const THEMES: Record<"day" | "night", { top: Rgb; bottom: Rgb; grid: Rgb; route: Rgb; stop: Rgb }> = {
  day: { top: [214, 234, 248], bottom: [180, 214, 190], grid: [160, 190, 200], route: [200, 60, 50], stop: [30, 30, 30] },
  night: { top: [16, 24, 48], bottom: [30, 40, 70], grid: [50, 64, 100], route: [250, 200, 60], stop: [240, 240, 240] },
};

interface MapArgs {
  stops: string[];
  width: number;
  height: number;
  theme: "day" | "night";
}

const renderRouteMap = defineTool<MapArgs>(
  {
    name: "render-route-map",
    title: "Render a route map",
    description:
      "Draws a small schematic map of a route as a PNG (generated in memory) and returns it as an image " +
      "content block after a caption.",
    inputSchema: {
      type: "object",
      properties: {
        stops: {
          type: "array",
          items: { type: "string", pattern: "^[A-Z]{3}$" },
          minItems: 2,
          maxItems: 8,
          default: ["LIS", "MAD", "CDG"],
        },
        width: { type: "integer", minimum: 32, maximum: 512, default: 240 },
        height: { type: "integer", minimum: 32, maximum: 512, default: 160 },
        theme: {
          oneOf: [
            { const: "day", title: "Day" },
            { const: "night", title: "Night" },
          ],
          default: "day",
        },
      },
      additionalProperties: false,
    },
    annotations: { title: "Render a route map", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  ({ stops, width, height, theme }) => {
    const colours = THEMES[theme];
    const canvas = new Canvas(width, height);
    canvas.fill((x, y) => {
      const t = y / Math.max(1, height - 1);
      const mix = (i: 0 | 1 | 2) => Math.round(colours.top[i] * (1 - t) + colours.bottom[i] * t);
      const onGrid = x % 20 === 0 || y % 20 === 0;
      return onGrid ? colours.grid : [mix(0), mix(1), mix(2)];
    });
    const margin = 12;
    const points = stops.map((code) => {
      const h = hashString(code);
      return [margin + (h % (width - 2 * margin)), margin + ((h >>> 12) % (height - 2 * margin))] as const;
    });
    points.forEach(([x, y], i) => {
      const next = points[i + 1];
      if (next) canvas.line(x, y, next[0], next[1], colours.route, 2);
    });
    for (const [x, y] of points) canvas.square(x, y, 6, colours.stop);
    return {
      content: [
        { type: "text", text: `Route ${stops.join(" → ")} (${width}×${height} PNG, ${theme}).` },
        { type: "image", data: canvas.toPng().toString("base64"), mimeType: "image/png" },
      ],
    };
  },
);

const exportItinerary = (state: DemoState) =>
  defineTool<{ tripId: string }>(
    {
      name: "export-itinerary",
      title: "Export an itinerary",
      description:
        "Returns mixed content for a planned trip: a text summary, a resource_link to the Markdown itinerary " +
        "(readable with resources/read) and the JSON itinerary embedded as a resource.",
      inputSchema: {
        type: "object",
        properties: { tripId: { type: "string", pattern: "^TR-[0-9]{4}$", default: SAMPLE_TRIP_ID } },
        additionalProperties: false,
      },
      annotations: { title: "Export an itinerary", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ tripId }) => {
      const trip = state.trips.get(tripId);
      if (!trip) {
        const known = [...state.trips.keys()].join(", ");
        return textResult(`No trip ${tripId}. Plan one with plan-trip first; known trips: ${known}.`, true);
      }
      return {
        content: [
          { type: "text", text: `Itinerary for ${trip.id} "${trip.title}": ${trip.legs.length} leg(s).` },
          {
            type: "resource_link",
            uri: `demo://trips/${trip.id}/itinerary.md`,
            name: `${trip.id}-itinerary.md`,
            title: `${trip.title} (Markdown)`,
            mimeType: "text/markdown",
            size: Buffer.byteLength(itineraryMarkdown(trip)),
          },
          {
            type: "resource",
            resource: {
              uri: `demo://trips/${trip.id}/itinerary.json`,
              mimeType: "application/json",
              text: JSON.stringify(trip, null, 2),
            },
          },
        ],
      };
    },
  );

export function mediaTools(state: DemoState): DemoTool[] {
  return [renderRouteMap, exportItinerary(state)];
}
