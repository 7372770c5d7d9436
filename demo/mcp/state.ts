/**
 * In-memory data behind the demo tools. It lives as long as the server process, so a newcomer can
 * plan a trip, book a hotel, look the booking up and cancel it within one session.
 */

export interface Leg {
  from: string;
  to: string;
  date: string;
  mode: "flight" | "train" | "bus" | "car";
}

export interface Trip {
  id: string;
  title: string;
  traveler: { name: string; email: string };
  legs: Leg[];
}

export interface Booking {
  id: string;
  hotelId: string;
  checkIn: string;
  nights: number;
  guests: { adults: number; children: number };
  paidBy: "card" | "bank_transfer";
  status: "confirmed" | "cancelled";
  cancelReason?: string;
  /** What the traveler answered to confirm-guest-details (elicitation). */
  guestDetails?: Record<string, unknown>;
}

export interface DemoState {
  trips: Map<string, Trip>;
  bookings: Map<string, Booking>;
  nextBookingNumber: number;
}

export const SAMPLE_TRIP_ID = "TR-2001";
export const SAMPLE_BOOKING_ID = "BK-100001";

export function createDemoState(): DemoState {
  const sampleTrip: Trip = {
    id: SAMPLE_TRIP_ID,
    title: "Lisbon → Madrid → Paris",
    traveler: { name: "Ada Lovelace", email: "ada@example.com" },
    legs: [
      { from: "LIS", to: "MAD", date: "2026-05-04", mode: "flight" },
      { from: "MAD", to: "PAR", date: "2026-05-07", mode: "train" },
    ],
  };
  const sampleBooking: Booking = {
    id: SAMPLE_BOOKING_ID,
    hotelId: "hotel-madrid-centro",
    checkIn: "2026-05-04",
    nights: 3,
    guests: { adults: 2, children: 0 },
    paidBy: "card",
    status: "confirmed",
  };
  return {
    trips: new Map([[sampleTrip.id, sampleTrip]]),
    bookings: new Map([[sampleBooking.id, sampleBooking]]),
    nextBookingNumber: 100002,
  };
}

/** The itinerary as Markdown, shared by export-itinerary and resources/read. */
export function itineraryMarkdown(trip: Trip): string {
  const rows = trip.legs.map((leg, i) => `| ${i + 1} | ${leg.date} | ${leg.from} | ${leg.to} | ${leg.mode} |`);
  return [
    `# ${trip.title}`,
    "",
    `Traveler: ${trip.traveler.name} <${trip.traveler.email}>`,
    "",
    "| # | date | from | to | mode |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
