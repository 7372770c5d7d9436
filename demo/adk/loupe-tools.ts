/**
 * The loupe_demo tools. Each one exists to make ADK emit one kind of event the inspector must show:
 * state deltas with app:/user:/plain keys, artifact versions, a confirmation gate, a long-running
 * pause, a credential request, and a thrown error.
 */
import { FunctionTool, LongRunningFunctionTool } from "@google/adk";
import type { AuthConfig, Context } from "@google/adk";
import type { Part } from "@google/genai";
import { z } from "zod";
import { barChartPng } from "./png";

const FORECASTS: Record<string, { forecast: string; temperatureC: number }> = {
  paris: { forecast: "sunny", temperatureC: 21 },
  tokyo: { forecast: "light rain", temperatureC: 17 },
  london: { forecast: "cloudy", temperatureC: 14 },
  "new york": { forecast: "windy", temperatureC: 19 },
};

/** Deterministic weather for any city: known ones from the table, others from a name hash. */
export function forecastFor(city: string): { forecast: string; temperatureC: number } {
  const known = FORECASTS[city.toLowerCase()];
  if (known) return known;
  let h = 0;
  for (const ch of city.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const kinds = ["sunny", "cloudy", "foggy", "showers"];
  return { forecast: kinds[h % kinds.length] ?? "sunny", temperatureC: 5 + (h % 25) };
}

function inline(mimeType: string, data: Buffer | string): Part {
  const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  return { inlineData: { mimeType, data: buf.toString("base64") } };
}

function need(ctx: Context | undefined): Context {
  if (!ctx) throw new Error("tool context missing");
  return ctx;
}

export const getWeather = new FunctionTool({
  name: "get_weather",
  description: "Returns today's forecast for a city and saves a text report as an artifact.",
  parameters: z.object({ city: z.string().describe("City name, e.g. Paris") }),
  execute: async ({ city }, toolContext) => {
    const ctx = need(toolContext);
    const { forecast, temperatureC } = forecastFor(city);
    ctx.state.set("last_city", city);
    ctx.state.set("user:lookups", (ctx.state.get<number>("user:lookups") ?? 0) + 1);
    ctx.state.set("app:demo_version", 1);
    const report = `Weather report for ${city}: ${forecast}, ${temperatureC} °C.\n`;
    const artifactVersion = await ctx.saveArtifact("weather_report.txt", inline("text/plain", report));
    return { city, forecast, temperatureC, artifactVersion };
  },
});

export const makeChart = new FunctionTool({
  name: "make_chart",
  description: "Builds a 5-day temperature chart for a city; saves forecast.json and chart.png.",
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }, toolContext) => {
    const ctx = need(toolContext);
    const base = forecastFor(city).temperatureC;
    const days = [0, 3, -2, 5, 1].map((d, i) => ({ day: i + 1, temperatureC: base + d }));
    const json = JSON.stringify({ city, unit: "C", days }, null, 2);
    const jsonVersion = await ctx.saveArtifact("forecast.json", inline("application/json", json));
    const png = barChartPng(days.map((d) => d.temperatureC));
    const pngVersion = await ctx.saveArtifact("chart.png", inline("image/png", png));
    ctx.state.set("chart_city", city);
    return { city, days: days.length, artifacts: { "forecast.json": jsonVersion, "chart.png": pngVersion } };
  },
});

export const deleteFile = new FunctionTool({
  name: "delete_file",
  description: "Deletes a file (pretend). Needs the user's approval; the approval payload may change the path.",
  parameters: z.object({ path: z.string() }),
  // Static gate: JS 2.0 cannot approve a dynamic ctx.requestConfirmation() (adk.md §9.2).
  requireConfirmation: true,
  execute: ({ path }, toolContext) => {
    const payload = toolContext?.toolConfirmation?.payload;
    const edited =
      payload && typeof payload === "object" && "path" in payload && typeof payload.path === "string" ? payload.path : undefined;
    return {
      deleted: edited ?? path,
      requestedPath: path,
      ...(payload !== undefined ? { approvalPayload: payload } : {}),
    };
  },
});

export const startJob = new LongRunningFunctionTool({
  name: "start_job",
  description: "Starts a long-running export job. The final result arrives later from the client.",
  parameters: z.object({ jobName: z.string() }),
  // null = no response event: the run pauses until the client sends the job's functionResponse.
  execute: () => null,
});

export const SECURE_AUTH: AuthConfig = {
  authScheme: { type: "apiKey", in: "header", name: "X-Api-Key" },
  credentialKey: "demo_api_key",
};

export const callSecureApi = new FunctionTool({
  name: "call_secure_api",
  description: "Calls a protected API; asks the user for an API key first.",
  parameters: z.object({ endpoint: z.string() }),
  execute: ({ endpoint }, toolContext) => {
    const ctx = need(toolContext);
    const cred = ctx.getAuthResponse(SECURE_AUTH);
    if (!cred?.apiKey) {
      ctx.requestCredential(SECURE_AUTH);
      return { pending_auth: true };
    }
    return { endpoint, data: "secret data", keyPrefix: cred.apiKey.slice(0, 3) };
  },
});

export const flakyTool = new FunctionTool({
  name: "flaky_service",
  description: "Calls a service that is always down, to show a tool error.",
  parameters: z.object({ service: z.string() }),
  execute: ({ service }) => {
    throw new Error(`service '${service}' is unavailable (demo failure)`);
  },
});

export const LOUPE_TOOLS = [getWeather, makeChart, deleteFile, startJob, callSecureApi, flakyTool];
