import { z } from "zod";
import { mcpTrafficScopeSchema } from "@/lib/contracts/mcp-traffic";

/**
 * The `snapshot` of the unit types that more than one part of Loupe writes (issue 12): an ADK session
 * comes from a Loupe export and from the foreign formats (adk-web export, GET …/sessions/{id}); MCP
 * traffic from a Loupe export and from the official inspector's protocol log. The unit modules use
 * these as their `snapshotSchema`; the converters in lib/server/bundles/formats/ produce them.
 */

const jsonObject = z.record(z.string(), z.unknown());

export const adkSessionSnapshotSchema = z.object({
  /** The stored session as the api_server returned it (raw events, credential secrets masked). */
  session: z
    .object({
      id: z.string(),
      appName: z.string(),
      userId: z.string(),
      state: jsonObject,
      events: z.array(jsonObject),
      lastUpdateTime: z.number().optional(),
    })
    .passthrough(),
  /** Frames the server streamed but never stores (stream errors, malformed lines), as the session GET lists them. */
  unstored: z.array(z.object({ seq: z.number(), kind: z.string(), receivedAt: z.number(), raw: z.unknown() })),
  /** Every version of every artifact, as the api_server returned it (genai Part); empty when there were none. */
  artifacts: z.array(z.object({ name: z.string(), version: z.number(), part: z.unknown() })),
  /** Which artifact versions the exporter left out (over its size cap, or unreadable), in words. */
  artifactsNote: z.string().optional(),
  /**
   * The session's spans as `GET /debug/trace/session/{sid}` returned them (snake_case, times in ns);
   * null when the server exposes no trace — `traceNote` then says why (404, not a dev server, …).
   */
  trace: z.array(jsonObject).nullable(),
  traceNote: z.string().optional(),
});
export type AdkSessionSnapshot = z.infer<typeof adkSessionSnapshotSchema>;

export const mcpTrafficSnapshotSchema = z.object({
  scope: mcpTrafficScopeSchema,
  /** The workbench's tool-call records (CallRecord) of the entries in scope, for the history and re-run. */
  calls: z.array(jsonObject),
});
export type McpTrafficSnapshot = z.infer<typeof mcpTrafficSnapshotSchema>;
