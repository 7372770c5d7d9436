import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import { moduleFromRegistrations } from "./registrations";
import { validateArguments } from "./validate";
import type { ToolContext } from "./types";

/** ext-apps' own registerAppTool / registerAppResource, pointed at the demo's registrar. */
describe("moduleFromRegistrations", () => {
  const uri = "ui://loupe-demo/itinerary.html";
  const registered = moduleFromRegistrations(
    (server) => {
      registerAppTool(
        server,
        "show-itinerary",
        {
          title: "Show itinerary",
          description: "Opens the itinerary app.",
          inputSchema: { tripId: z.string().regex(/^TR-\d{4}$/) },
          _meta: { ui: { resourceUri: uri } },
        },
        async ({ tripId }) => ({ content: [{ type: "text", text: `itinerary of ${tripId}` }] }),
      );
      registerAppResource(server, "Itinerary app", uri, { description: "The app's HTML." }, async () => ({
        contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: "<!doctype html><p>hi</p>" }],
      }));
    },
    { extensions: { "io.modelcontextprotocol/ui": {} } },
  );

  it("turns an app tool into a demo tool with a JSON Schema and the ui meta", async () => {
    const tool = registered.tools?.[0];
    expect(tool?.definition).toMatchObject({
      name: "show-itinerary",
      inputSchema: { type: "object", properties: { tripId: { type: "string", pattern: "^TR-\\d{4}$" } }, required: ["tripId"] },
      _meta: { ui: { resourceUri: uri }, "ui/resourceUri": uri },
    });
    expect(() => validateArguments(tool!.definition, { tripId: "nope" })).toThrow(/must match pattern/);
    const args = validateArguments(tool!.definition, { tripId: "TR-2001" });
    const result = await tool!.handler(args, { request: {} as ServerContext } as ToolContext);
    expect(result).toEqual({ content: [{ type: "text", text: "itinerary of TR-2001" }] });
  });

  it("serves the app resource with the MCP App mime type, and declares the extension", async () => {
    expect(registered.resources?.list()).toEqual([
      { uri, name: "Itinerary app", description: "The app's HTML.", mimeType: RESOURCE_MIME_TYPE },
    ]);
    const read = await registered.resources?.read(uri, {} as ServerContext);
    expect(read).toMatchObject({ contents: [{ uri, mimeType: "text/html;profile=mcp-app" }] });
    expect(await registered.resources?.read("ui://other", {} as ServerContext)).toBeUndefined();
    expect(registered.capabilities).toEqual({ extensions: { "io.modelcontextprotocol/ui": {} } });
  });
});
