import type { Tool } from "@modelcontextprotocol/server";
import type { DemoTool, JsonSchema } from "../types";
import { defineTool, hashString, textResult } from "../types";
import type { DemoState, Leg } from "../state";
import { ITINERARY_APP_URI } from "../apps/itinerary-app";

const airportCode: JsonSchema = {
  type: "string",
  pattern: "^[A-Z]{3}$",
  description: "Three-letter IATA code in capitals, e.g. LIS, MAD, CDG.",
};

const PLAN_TRIP_INPUT: Tool["inputSchema"] = {
  type: "object",
  $defs: {
    airportCode,
    leg: {
      type: "object",
      description: "One hop of the journey.",
      properties: {
        from: { $ref: "#/$defs/airportCode" },
        to: { $ref: "#/$defs/airportCode" },
        date: { type: "string", format: "date", description: "Departure day (YYYY-MM-DD)." },
        mode: { type: "string", enum: ["flight", "train", "bus", "car"], default: "flight" },
      },
      required: ["from", "to", "date"],
      additionalProperties: false,
    },
  },
  properties: {
    title: { type: "string", minLength: 1, maxLength: 80, description: "A name for the trip." },
    traveler: {
      type: "object",
      properties: {
        name: { type: "string", minLength: 1 },
        email: { type: "string", format: "email" },
        contact: {
          type: "object",
          description: "Optional; only used on the printed itinerary.",
          properties: {
            phone: { type: "string", pattern: "^\\+?[0-9 ]{6,20}$" },
            address: {
              type: "object",
              properties: {
                city: { type: "string" },
                country: { type: "string", minLength: 2, maxLength: 2, description: "ISO 3166 alpha-2, e.g. PT." },
              },
              required: ["city", "country"],
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
      },
      required: ["name", "email"],
      additionalProperties: false,
    },
    homeAirport: { $ref: "#/$defs/airportCode" },
    legs: { type: "array", items: { $ref: "#/$defs/leg" }, minItems: 1, maxItems: 8 },
    cabinClass: { type: "string", enum: ["economy", "premium_economy", "business", "first"], default: "economy" },
    travelers: { type: "integer", minimum: 1, maximum: 9, default: 1 },
    budget: {
      type: "object",
      properties: {
        amount: { type: "number", minimum: 0, maximum: 100000 },
        currency: {
          oneOf: [
            { const: "EUR", title: "Euro (€)" },
            { const: "USD", title: "US dollar ($)" },
            { const: "GBP", title: "Pound sterling (£)" },
            { const: "JPY", title: "Japanese yen (¥)" },
          ],
          default: "EUR",
        },
      },
      required: ["amount"],
      additionalProperties: false,
    },
    notes: { type: ["string", "null"], maxLength: 500, default: null, description: "Free text; null for none." },
  },
  required: ["title", "traveler", "legs"],
  additionalProperties: false,
};

interface PlanTripArgs {
  title: string;
  traveler: { name: string; email: string };
  legs: Leg[];
  cabinClass: string;
  travelers: number;
  budget?: { amount: number; currency: string };
  notes: string | null;
}

const planTrip = (state: DemoState) =>
  defineTool<PlanTripArgs>(
    {
      name: "plan-trip",
      title: "Plan a trip",
      description:
        "Plans a multi-leg trip and saves it for this session under a trip id (TR-xxxx) you can pass to " +
        "export-itinerary. Planning the same trip twice gives the same id. Nothing is booked.",
      inputSchema: PLAN_TRIP_INPUT,
      annotations: { title: "Plan a trip", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: ITINERARY_APP_URI } },
    },
    (args) => {
      const id = `TR-${(hashString(JSON.stringify([args.title, args.legs])) % 9000) + 1000}`;
      state.trips.set(id, { id, title: args.title, traveler: args.traveler, legs: args.legs });
      const km = args.legs.reduce((sum, leg) => sum + 200 + (hashString(leg.from + leg.to) % 1800), 0);
      const dates = args.legs.map((leg) => leg.date).sort();
      const budget = args.budget ? `, budget ${args.budget.amount} ${args.budget.currency}` : "";
      return textResult(
        `Planned ${id} "${args.title}" for ${args.travelers} traveler(s): ${args.legs.length} leg(s), ` +
          `${dates[0]} → ${dates[dates.length - 1]}, about ${km} km, ${args.cabinClass}${budget}.`,
      );
    },
  );

const CONDITIONS = ["sunny", "cloudy", "rain", "storm", "snow"] as const;

const FORECAST_OUTPUT: NonNullable<Tool["outputSchema"]> = {
  type: "object",
  properties: {
    city: { type: "string" },
    units: { type: "string", enum: ["metric", "imperial"] },
    days: {
      type: "array",
      items: {
        type: "object",
        properties: {
          date: { type: "string", format: "date" },
          high: { type: "number" },
          low: { type: "number" },
          conditions: { type: "string", enum: [...CONDITIONS] },
        },
        required: ["date", "high", "low", "conditions"],
        additionalProperties: false,
      },
    },
  },
  required: ["city", "units", "days"],
  additionalProperties: false,
};

interface ForecastArgs {
  city: string;
  startDate?: string;
  days: number;
  units: "metric" | "imperial";
}

const getForecast = defineTool<ForecastArgs>(
  {
    name: "get-forecast",
    title: "Weather forecast",
    description:
      "Daily forecast for a city (simulated but stable: the same city and date always give the same weather). " +
      "Returns structuredContent that matches its outputSchema, plus the same JSON as text.",
    inputSchema: {
      type: "object",
      properties: {
        city: { type: "string", minLength: 1, description: "City name, e.g. Lisbon." },
        startDate: { type: "string", format: "date", description: "First day; today (UTC) when omitted." },
        days: { type: "integer", minimum: 1, maximum: 7, default: 3 },
        units: {
          oneOf: [
            { const: "metric", title: "Metric (°C)" },
            { const: "imperial", title: "Imperial (°F)" },
          ],
          default: "metric",
        },
      },
      required: ["city"],
      additionalProperties: false,
    },
    outputSchema: FORECAST_OUTPUT,
    annotations: { title: "Weather forecast", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  (args) => {
    const start = new Date(`${args.startDate ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const days = Array.from({ length: args.days }, (_, i) => {
      const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const h = hashString(`${args.city.toLowerCase()}|${date}`);
      const lowC = (h % 15) + 2;
      const highC = lowC + 4 + ((h >>> 8) % 10);
      const convert = (c: number) => (args.units === "metric" ? c : Math.round(c * 1.8 + 32));
      const conditions = CONDITIONS[(h >>> 16) % CONDITIONS.length] ?? "sunny";
      return { date, high: convert(highC), low: convert(lowC), conditions };
    });
    const structuredContent = { city: args.city, units: args.units, days };
    return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  },
);

/** Fixed reference rates (per EUR), so results are reproducible. */
const RATES: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 163.2, CHF: 0.96 };
const RATES_AS_OF = "2026-01-02";

interface ConvertArgs {
  amount: number;
  from: string;
  to: string;
  breakSchema: boolean;
}

const convertCurrency = defineTool<ConvertArgs>(
  {
    name: "convert-currency",
    title: "Convert currency",
    description:
      `Converts an amount at fixed reference rates (as of ${RATES_AS_OF}). Set breakSchema to true to get ` +
      "structuredContent that deliberately violates the outputSchema (rate as a string, converted missing, " +
      "an extra field), to see how a client reports it.",
    inputSchema: {
      type: "object",
      $defs: { currency: { type: "string", enum: Object.keys(RATES) } },
      properties: {
        amount: { type: "number", exclusiveMinimum: 0, maximum: 1_000_000_000 },
        from: { $ref: "#/$defs/currency", default: "EUR" },
        to: { $ref: "#/$defs/currency", default: "USD" },
        breakSchema: { type: "boolean", default: false, description: "Return output that does not match the outputSchema." },
      },
      required: ["amount"],
      additionalProperties: false,
    },
    outputSchema: {
      type: "object",
      properties: {
        from: { type: "string" },
        to: { type: "string" },
        amount: { type: "number" },
        rate: { type: "number" },
        converted: { type: "number" },
        asOf: { type: "string", format: "date" },
      },
      required: ["from", "to", "amount", "rate", "converted", "asOf"],
      additionalProperties: false,
    },
    annotations: { title: "Convert currency", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  (args) => {
    const rate = Number(((RATES[args.to] ?? 1) / (RATES[args.from] ?? 1)).toFixed(6));
    const converted = Math.round(args.amount * rate * 100) / 100;
    const structuredContent = args.breakSchema
      ? { from: args.from, to: args.to, amount: args.amount, rate: String(rate), asOf: RATES_AS_OF, note: "deliberately invalid" }
      : { from: args.from, to: args.to, amount: args.amount, rate, converted, asOf: RATES_AS_OF };
    return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  },
);

export function tripTools(state: DemoState): DemoTool[] {
  return [planTrip(state), getForecast, convertCurrency];
}
