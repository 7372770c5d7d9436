import { z } from "zod";

/** Which way an MCP app message went: from the View (through the sandbox) to Loupe, or back. */
export type AppMessageDirection = "app_to_host" | "host_to_app";
export const APP_MESSAGE_KIND = "app_message";

const JsonRpcMessage = z
  .object({ jsonrpc: z.literal("2.0") })
  .catchall(z.unknown())
  .refine((m) => typeof m.method === "string" || "id" in m, "not a JSON-RPC request, notification or response");

/**
 * POST /api/connections/:id/app-messages — the page's host bridge records what it exchanged
 * with one app instance (`appSessionId`), in order; Loupe stores each as an `app_message` entry.
 */
export const AppMessagesBody = z.object({
  appSessionId: z.string().min(1).max(100),
  tool: z.string().min(1).max(1000),
  resourceUri: z.string().startsWith("ui://").max(2000),
  messages: z
    .array(
      z.object({
        direction: z.enum(["app_to_host", "host_to_app"]),
        /** Browser time the bridge saw it. */
        at: z.number().int().nonnegative(),
        message: JsonRpcMessage,
      }),
    )
    .min(1)
    .max(200),
});
export type AppMessagesBody = z.infer<typeof AppMessagesBody>;

/** `raw` of an `app_message` entry (protocol `loupe`; entry direction `in` = app→host, `out` = host→app). */
export interface AppMessageRecord {
  appSessionId: string;
  tool: string;
  resourceUri: string;
  direction: AppMessageDirection;
  at: number;
  message: Record<string, unknown>;
}
