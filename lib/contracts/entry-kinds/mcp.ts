import { z } from "zod";

/**
 * Entry kinds of protocol "mcp" (connectionId = the connection id): what came over the wire.
 * Fields that can be long (a line, a text) are optional: a preview drops them (see shape.ts).
 * A frame is kept as it arrived (invalid JSON-RPC too); the normalizers in lib/protocols/mcp judge it.
 */
export const mcpEntryKinds = {
  /** One JSON-RPC frame, direction out or in, exactly as sent or received. */
  message: z.unknown(),
  /** One line a stdio server wrote to stderr. */
  stderr: z.object({ line: z.string().optional() }),
  /** The transport failed (or a frame passed the size limit: bytes, limit). */
  transport_error: z.object({ message: z.string(), bytes: z.number().optional(), limit: z.number().optional() }),
  /** A stdout line that was not JSON-RPC; text up to 1 MiB, `cut` when longer. */
  unparsed: z.object({ text: z.string().optional(), error: z.string(), bytes: z.number(), cut: z.unknown().optional() }),
} as const;
