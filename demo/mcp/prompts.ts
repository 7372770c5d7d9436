import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/server";
import type { PromptProvider } from "./types";
import type { DemoState } from "./state";
import { itineraryMarkdown } from "./state";

const TONES = ["warm", "formal", "playful", "concise"];
const CITIES = ["Lisbon", "Madrid", "Paris", "Porto", "Barcelona", "Berlin", "Prague", "Rome"];

export const PROMPTS: Prompt[] = [
  {
    name: "trip-brief",
    title: "Brief for a trip",
    description: "A briefing for a saved trip, with its itinerary embedded as a resource. tripId and tone complete.",
    arguments: [
      { name: "tripId", description: "A saved trip, like TR-2001", required: true },
      { name: "tone", description: "warm, formal, playful or concise" },
    ],
  },
  {
    name: "packing-list",
    title: "Packing list",
    description: "Asks for a packing list for a city and a number of nights. city completes from a list of cities.",
    arguments: [
      { name: "city", description: "Destination city", required: true },
      { name: "nights", description: "Number of nights" },
    ],
  },
];

export function getPrompt(state: DemoState, name: string, args: Record<string, string>): GetPromptResult {
  if (name === "trip-brief") {
    const trip = args.tripId ? state.trips.get(args.tripId) : undefined;
    if (!trip) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `trip-brief: unknown tripId "${args.tripId ?? ""}"`);
    const tone = args.tone && TONES.includes(args.tone) ? args.tone : "warm";
    return {
      description: `Briefing for ${trip.title}`,
      messages: [
        { role: "user", content: { type: "text", text: `Write a ${tone} briefing for ${trip.traveler.name}'s trip.` } },
        {
          role: "user",
          content: {
            type: "resource",
            resource: { uri: `demo://trips/${trip.id}/itinerary.md`, mimeType: "text/markdown", text: itineraryMarkdown(trip) },
          },
        },
        { role: "assistant", content: { type: "text", text: "Understood. I will cover each leg in order." } },
      ],
    };
  }
  if (name === "packing-list") {
    if (!args.city?.trim()) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "packing-list: city is required");
    const nights = Number.parseInt(args.nights ?? "3", 10);
    return {
      messages: [
        {
          role: "user",
          content: { type: "text", text: `Make a packing list for ${Number.isFinite(nights) ? nights : 3} nights in ${args.city}.` },
        },
      ],
    };
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`);
}

const OWN_PROMPTS = new Set(["trip-brief", "packing-list"]);

/** completion/complete for prompt arguments. */
export function completePromptArgument(state: DemoState, prompt: string, argument: string, value: string): string[] {
  const typed = value.toLowerCase();
  const pool =
    prompt === "trip-brief" && argument === "tripId"
      ? [...state.trips.keys()]
      : prompt === "trip-brief" && argument === "tone"
        ? TONES
        : prompt === "packing-list" && argument === "city"
          ? CITIES
          : [];
  return pool.filter((v) => v.toLowerCase().startsWith(typed));
}

/** The travel demo's prompts as a module provider. */
export function travelPrompts(state: DemoState): PromptProvider {
  return {
    prompts: PROMPTS,
    get: (name, args) => (OWN_PROMPTS.has(name) ? getPrompt(state, name, args) : undefined),
    complete: (ref, argument, value) => (ref.type === "ref/prompt" ? completePromptArgument(state, ref.name, argument, value) : []),
  };
}
