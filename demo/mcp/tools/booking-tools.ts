import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { DemoTool } from "../types";
import { defineTool, textResult } from "../types";
import type { Booking, DemoState } from "../state";
import { SAMPLE_BOOKING_ID } from "../state";

const bookingId = {
  type: "string",
  pattern: "^BK-[0-9]{6}$",
  description: `Booking reference like ${SAMPLE_BOOKING_ID}.`,
} as const;

type Payment =
  | { method: "card"; cardNumber: string; expiry: string; holder: string }
  | { method: "bank_transfer"; iban: string; bic?: string; reference?: string };

interface BookHotelArgs {
  hotelId: string;
  checkIn: string;
  nights: number;
  guests: { adults: number; children: number };
  payment: Payment;
  contactEmail: string;
  notifyUrl?: string;
  specialRequests: string | null;
}

const bookHotel = (state: DemoState) =>
  defineTool<BookHotelArgs>(
    {
      name: "book-hotel",
      title: "Book a hotel",
      description:
        "Books a hotel room and returns a booking reference (BK-xxxxxx). Pay by card or by bank transfer " +
        "(two different argument shapes). Simulated: no hotel is contacted and no money moves, but each " +
        "call creates a new booking you can look up or cancel.",
      inputSchema: {
        type: "object",
        properties: {
          hotelId: {
            oneOf: [
              { const: "hotel-lisbon-alfama", title: "Alfama Riverside, Lisbon" },
              { const: "hotel-madrid-centro", title: "Centro Plaza, Madrid" },
              { const: "hotel-paris-marais", title: "Le Petit Marais, Paris" },
            ],
          },
          checkIn: { type: "string", format: "date" },
          nights: { type: "integer", minimum: 1, maximum: 30, default: 1 },
          guests: {
            type: "object",
            properties: {
              adults: { type: "integer", minimum: 1, maximum: 8, default: 2 },
              children: { type: "integer", minimum: 0, maximum: 6, default: 0 },
            },
            additionalProperties: false,
            default: { adults: 2, children: 0 },
          },
          payment: {
            description: "Card or bank transfer.",
            anyOf: [
              {
                title: "Card",
                type: "object",
                properties: {
                  method: { const: "card" },
                  cardNumber: { type: "string", pattern: "^[0-9]{12,19}$", description: "Digits only; try 4242424242424242." },
                  expiry: { type: "string", pattern: "^(0[1-9]|1[0-2])/[0-9]{2}$", description: "MM/YY" },
                  holder: { type: "string", minLength: 1 },
                },
                required: ["method", "cardNumber", "expiry", "holder"],
                additionalProperties: false,
              },
              {
                title: "Bank transfer",
                type: "object",
                properties: {
                  method: { const: "bank_transfer" },
                  iban: { type: "string", pattern: "^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$" },
                  bic: { type: "string", pattern: "^[A-Z0-9]{8}([A-Z0-9]{3})?$" },
                  reference: { type: "string", maxLength: 35 },
                },
                required: ["method", "iban"],
                additionalProperties: false,
              },
            ],
          },
          contactEmail: { type: "string", format: "email" },
          notifyUrl: { type: "string", format: "uri", description: "Webhook to call when the booking is confirmed." },
          // The pydantic style of nullable (anyOf with null), beside plan-trip's type array style.
          specialRequests: { anyOf: [{ type: "string", maxLength: 300 }, { type: "null" }], default: null },
        },
        required: ["hotelId", "checkIn", "payment", "contactEmail"],
        additionalProperties: false,
      },
      annotations: { title: "Book a hotel", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args) => {
      const id = `BK-${state.nextBookingNumber++}`;
      const booking: Booking = {
        id,
        hotelId: args.hotelId,
        checkIn: args.checkIn,
        nights: args.nights,
        guests: args.guests,
        paidBy: args.payment.method,
        status: "confirmed",
      };
      state.bookings.set(id, booking);
      const paid =
        args.payment.method === "card"
          ? `card ending ${args.payment.cardNumber.slice(-4)}`
          : `bank transfer from ${args.payment.iban.slice(0, 4)}…`;
      return textResult(
        `Booked ${id}: ${args.hotelId}, ${args.nights} night(s) from ${args.checkIn}, ` +
          `${args.guests.adults} adult(s) and ${args.guests.children} child(ren), paid by ${paid}. ` +
          `Confirmation sent to ${args.contactEmail}.`,
      );
    },
  );

function describeBooking(b: Booking): string {
  const reason = b.cancelReason ? ` (${b.cancelReason})` : "";
  return `${b.id}: ${b.status}${reason}, ${b.hotelId}, ${b.nights} night(s) from ${b.checkIn}, paid by ${b.paidBy}.`;
}

function notFound(state: DemoState, id: string) {
  const known = [...state.bookings.keys()].join(", ");
  return textResult(
    `No booking ${id} in this session. Known bookings: ${known}. Create one with book-hotel, or try ${SAMPLE_BOOKING_ID}.`,
    true,
  );
}

const lookupBooking = (state: DemoState) =>
  defineTool<{ bookingId: string }>(
    {
      name: "lookup-booking",
      title: "Look up a booking",
      description:
        "Shows a booking. An unknown reference is a tool error (isError: true) whose message lists the " + "references that do exist.",
      inputSchema: { type: "object", properties: { bookingId }, required: ["bookingId"], additionalProperties: false },
      annotations: { title: "Look up a booking", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ bookingId: id }) => {
      const booking = state.bookings.get(id);
      return booking ? textResult(describeBooking(booking)) : notFound(state, id);
    },
  );

const CANCEL_REASONS = {
  change_of_plans: "Change of plans",
  found_better_price: "Found a better price",
  duplicate: "Duplicate booking",
  other: "Other (explain in details)",
} as const;

interface CancelArgs {
  bookingId: string;
  reason: keyof typeof CANCEL_REASONS;
  details?: string;
}

const cancelBooking = (state: DemoState) =>
  defineTool<CancelArgs>(
    {
      name: "cancel-booking",
      title: "Cancel a booking",
      description:
        "Cancels a booking. Cannot be undone; cancelling twice is harmless. Bad input (a malformed " +
        "reference, or reason 'other' without details) is rejected with a JSON-RPC error -32602 " +
        "(Invalid params) rather than a tool result.",
      inputSchema: {
        type: "object",
        properties: {
          bookingId,
          reason: { oneOf: Object.entries(CANCEL_REASONS).map(([value, title]) => ({ const: value, title })) },
          details: { type: "string", maxLength: 200 },
        },
        required: ["bookingId", "reason"],
        additionalProperties: false,
      },
      annotations: { title: "Cancel a booking", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args) => {
      // A rule JSON Schema cannot express cleanly, so it is checked here and reported the same way.
      if (args.reason === "other" && !args.details?.trim()) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, "cancel-booking: reason 'other' needs a non-empty 'details'.", {
          field: "details",
        });
      }
      const booking = state.bookings.get(args.bookingId);
      if (!booking) return notFound(state, args.bookingId);
      if (booking.status !== "cancelled") {
        booking.status = "cancelled";
        booking.cancelReason = args.details?.trim() || CANCEL_REASONS[args.reason];
      }
      return textResult(`Cancelled. ${describeBooking(booking)}`);
    },
  );

export function bookingTools(state: DemoState): DemoTool[] {
  return [bookHotel(state), lookupBooking(state), cancelBooking(state)];
}
