import { inputRequired } from "@modelcontextprotocol/server";
import type { CallToolResult, CreateMessageResult, ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/server";
import type { DemoTool, ToolContext } from "../types";
import { defineTool, textResult } from "../types";
import type { Booking, DemoState } from "../state";
import { SAMPLE_BOOKING_ID } from "../state";
import { answerProblems } from "../validate";

/**
 * Tools that ask the human on the other side: one through elicitation (a form), one through
 * sampling (the client's "model", which in Loupe is the user answering from the inbox). They
 * show Loupe's inbox for MCP with the demo server alone, no external server needed.
 *
 * Both are written once in the multi round-trip style (MRTR): the first round returns an
 * input-required result, the retry carries the answer in `ctx.inputResponses`. On 2026-07-28 the
 * client does the retry; on 2025-11-25 the SDK's shim sends the real elicitation/create or
 * sampling/createMessage request (tied to this call) and re-enters the handler.
 */

/** Keys of the input requests, echoed back as the keys of inputResponses. */
const DETAILS_KEY = "guest_details";
const NOTE_KEY = "welcome_note";

/** A bare elicitation result, or undefined when the entry is missing or is not one. */
function elicitAnswer(ctx: ToolContext): ElicitResult | undefined {
  const answer = ctx.inputResponses?.[DETAILS_KEY];
  if (!answer || typeof answer !== "object") return undefined;
  const action = (answer as { action?: unknown }).action;
  return action === "accept" || action === "decline" || action === "cancel" ? (answer as ElicitResult) : undefined;
}

/** A bare sampling result with a content block, or undefined. */
function sampledReply(ctx: ToolContext): CreateMessageResult | undefined {
  const reply = ctx.inputResponses?.[NOTE_KEY];
  if (!reply || typeof reply !== "object") return undefined;
  const { content, model } = reply as { content?: unknown; model?: unknown };
  return content && typeof content === "object" && typeof model === "string" ? (reply as CreateMessageResult) : undefined;
}

function missing(ctx: ToolContext, capability: "elicitation" | "sampling"): CallToolResult | null {
  if (ctx.clientCapabilities()?.[capability]) return null;
  return textResult(
    `This tool needs the client to declare "${capability}" (in initialize, or in the request's _meta on 2026-07-28). In Loupe: the connection's ` +
      "Client tab, tick it, save and reconnect.",
    true,
  );
}

const confirmGuests = (state: DemoState) =>
  defineTool<{ bookingId: string }>(
    {
      name: "confirm-guest-details",
      title: "Confirm guest details",
      description:
        "Asks the traveler (via elicitation) for arrival time, room preferences and extras for a booking, " +
        "then stores them on the booking. Declining or cancelling leaves the booking unchanged.",
      inputSchema: {
        type: "object",
        properties: {
          bookingId: { type: "string", pattern: "^BK-[0-9]{6}$", default: SAMPLE_BOOKING_ID },
        },
        required: ["bookingId"],
        additionalProperties: false,
      },
      annotations: {
        title: "Confirm guest details",
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    async ({ bookingId }, ctx) => {
      const unsupported = missing(ctx, "elicitation");
      if (unsupported) return unsupported;
      const booking = state.bookings.get(bookingId);
      if (!booking) return textResult(`No booking ${bookingId}.`, true);
      const answer = elicitAnswer(ctx);
      if (!answer) return askGuestDetails(bookingId, booking);
      if (answer.action !== "accept") return textResult(`The traveler chose "${answer.action}"; booking ${bookingId} is unchanged.`);
      // A form that does not fit is asked again with what to fix (another round), not stored.
      const problems = answerProblems(GUEST_FORM, answer.content);
      if (problems) return askGuestDetails(bookingId, booking, problems);
      booking.guestDetails = answer.content ?? {};
      return {
        content: [{ type: "text", text: `Saved the guest details of ${bookingId}: ${JSON.stringify(answer.content)}` }],
        structuredContent: { bookingId, details: answer.content ?? {} },
      };
    },
  );

function askGuestDetails(bookingId: string, booking: Booking, problems?: string) {
  const ask = `Please confirm the details of booking ${bookingId} (check-in ${booking.checkIn}).`;
  return inputRequired({
    inputRequests: {
      [DETAILS_KEY]: inputRequired.elicit({
        message: problems ? `${ask} Please fix: ${problems}.` : ask,
        requestedSchema: guestSchema(booking),
      }),
    },
  });
}

type GuestForm = ElicitRequestFormParams["requestedSchema"];

/** The guest form; `guests` defaults to the booking's party size when asked. */
const GUEST_FORM: GuestForm = {
  type: "object",
  properties: {
    fullName: { type: "string", title: "Full name", minLength: 2 },
    email: { type: "string", title: "Email", format: "email" },
    arrival: { type: "string", title: "Arrival time", enum: ["morning", "afternoon", "evening", "late night"], default: "afternoon" },
    bed: {
      type: "string",
      title: "Bed",
      oneOf: [
        { const: "double", title: "One double bed" },
        { const: "twin", title: "Two single beds" },
      ],
    },
    extras: {
      type: "array",
      title: "Extras",
      items: {
        anyOf: [
          { const: "breakfast", title: "Breakfast" },
          { const: "parking", title: "Parking" },
          { const: "late_checkout", title: "Late check-out" },
        ],
      },
      maxItems: 3,
    },
    guests: { type: "integer", title: "Guests", minimum: 1, maximum: 8 },
    newsletter: { type: "boolean", title: "Subscribe to the newsletter", default: false },
  },
  required: ["fullName", "email"],
};

function guestSchema(booking: Booking): GuestForm {
  const guests = {
    type: "integer" as const,
    title: "Guests",
    minimum: 1,
    maximum: 8,
    default: booking.guests.adults + booking.guests.children,
  };
  return { ...GUEST_FORM, properties: { ...GUEST_FORM.properties, guests } };
}

const draftWelcomeNote = (state: DemoState) =>
  defineTool<{ tripId: string; tone: "warm" | "formal" | "playful" }>(
    {
      name: "draft-welcome-note",
      title: "Draft a welcome note",
      description:
        "Asks the client's model (sampling/createMessage) to write a welcome note for a trip's traveler " +
        "and returns what it wrote, with the model name it claimed.",
      inputSchema: {
        type: "object",
        properties: {
          tripId: { type: "string", pattern: "^TR-[0-9]{4}$", default: "TR-2001" },
          tone: { type: "string", enum: ["warm", "formal", "playful"], default: "warm" },
        },
        required: ["tripId"],
        additionalProperties: false,
      },
      annotations: {
        title: "Draft a welcome note",
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    async ({ tripId, tone }, ctx) => {
      const unsupported = missing(ctx, "sampling");
      if (unsupported) return unsupported;
      const trip = state.trips.get(tripId);
      if (!trip) return textResult(`No trip ${tripId}.`, true);
      const route = trip.legs.map((l) => `${l.from}→${l.to} on ${l.date} by ${l.mode}`).join(", ");
      const reply = sampledReply(ctx);
      if (!reply) return askForNote(tone, trip.traveler.name, route);
      const text = reply.content.type === "text" ? reply.content.text : `(${reply.content.type} content)`;
      return textResult(`Welcome note by ${reply.model} (${reply.stopReason ?? "no stop reason"}):\n\n${text}`);
    },
  );

function askForNote(tone: string, traveler: string, route: string) {
  return inputRequired({
    inputRequests: {
      [NOTE_KEY]: inputRequired.createMessage({
        systemPrompt: "You write short, friendly travel notes. Two sentences at most.",
        messages: [{ role: "user", content: { type: "text", text: `Write a ${tone} welcome note for ${traveler}, travelling ${route}.` } }],
        modelPreferences: {
          hints: [{ name: "claude-haiku" }, { name: "gemini-flash" }],
          speedPriority: 0.8,
          costPriority: 0.6,
          intelligencePriority: 0.3,
        },
        maxTokens: 120,
        temperature: 0.7,
        includeContext: "none",
      }),
    },
  });
}

export function hitlTools(state: DemoState): DemoTool[] {
  return [confirmGuests(state), draftWelcomeNote(state)];
}
