import { EXTENSION_ID, RESOURCE_MIME_TYPE, registerAppResource } from "@modelcontextprotocol/ext-apps/server";
import { moduleFromRegistrations } from "../registrations";
import type { DemoModule } from "../types";
import { itineraryHtml } from "./itinerary-html";

/** The View plan-trip names in `_meta.ui.resourceUri` (trip-tools.ts). */
export const ITINERARY_APP_URI = "ui://loupe-demo/itinerary.html";

/**
 * The demo's MCP App (SEP-1865): plan-trip's interactive itinerary. The host sends it the trip as
 * tool input and the planned id as tool result; the View asks get-forecast for a leg's weather
 * (read-only), can plan the trip again (not read-only: a host asks the user first) and sends a
 * `ui/message`. It needs no network, so the resource declares no CSP domains.
 */
export function itineraryApp(): DemoModule {
  return moduleFromRegistrations(
    (server) => {
      registerAppResource(
        server,
        "Trip itinerary",
        ITINERARY_APP_URI,
        { title: "Trip itinerary (MCP App)", description: "The interactive itinerary View of plan-trip." },
        async () => ({
          contents: [
            { uri: ITINERARY_APP_URI, mimeType: RESOURCE_MIME_TYPE, text: itineraryHtml(), _meta: { ui: { prefersBorder: true } } },
          ],
        }),
      );
    },
    { extensions: { [EXTENSION_ID]: {} } },
  );
}
