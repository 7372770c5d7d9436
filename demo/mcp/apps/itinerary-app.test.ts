import { describe, expect, it } from "vitest";
import { builtinTools } from "../server";
import { ITINERARY_APP_URI, itineraryApp } from "./itinerary-app";

describe("the demo's itinerary app (MCP Apps)", () => {
  it("is named by plan-trip and declared as an extension", () => {
    const plan = builtinTools().find((t) => t.definition.name === "plan-trip");
    expect(plan?.definition._meta).toEqual({ ui: { resourceUri: ITINERARY_APP_URI } });
    expect(itineraryApp().capabilities).toEqual({ extensions: { "io.modelcontextprotocol/ui": {} } });
  });

  it("serves one self-contained HTML document: the SDK inlined, nothing fetched", async () => {
    const mod = itineraryApp();
    expect(mod.resources?.list()).toEqual([expect.objectContaining({ uri: ITINERARY_APP_URI, mimeType: "text/html;profile=mcp-app" })]);
    const read = await mod.resources!.read(ITINERARY_APP_URI, {} as never);
    const item = (read as { contents: { uri: string; mimeType: string; text: string }[] }).contents[0]!;
    expect(item).toMatchObject({ uri: ITINERARY_APP_URI, mimeType: "text/html;profile=mcp-app" });
    expect(item.text.startsWith("<!doctype html>")).toBe(true);
    expect(item.text).toContain("McpApps");
    expect(item.text).toContain("ui/initialize");
    // No external script, style or image: it must run under the restrictive default CSP.
    expect(item.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img[^>]+src="?https?:/i);
    expect(await mod.resources!.read("ui://other", {} as never)).toBeUndefined();
  });
});
