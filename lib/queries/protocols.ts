import type { EntryProtocol } from "@/lib/contracts/entries";
import type { EntryKind } from "@/lib/contracts/entry-kinds";
import { a2aStream } from "@/lib/queries/a2a";
import { adkStream } from "@/lib/queries/agent-stream";
import { aguiStream } from "@/lib/queries/agui";
import type { EntryHandler, StreamPart } from "@/lib/queries/entry-handler";
import { lgStream } from "@/lib/queries/langgraph";
import { loupeStream } from "@/lib/queries/loupe-stream";
import { playgroundStream } from "@/lib/queries/playground";
import { mcpStream } from "@/lib/queries/traffic";

/**
 * The stream reducer's registry (issue 20): each protocol's part (a handler per entry kind and
 * the reducer of its batches) lives in its own query module; the stream reducer
 * (lib/queries/stream-reducer.ts) loops over this table. A protocol, or a kind, without its row
 * does not compile. In the order the batches are applied.
 */
export const STREAM_PARTS: { [P in EntryProtocol]: StreamPart<P> } = {
  mcp: mcpStream,
  adk: adkStream,
  loupe: loupeStream,
  playground: playgroundStream,
  a2a: a2aStream,
  agui: aguiStream,
  langgraph: lgStream,
};

/**
 * One row per entry kind: a new kind in lib/contracts/entry-kinds does not compile until its
 * protocol's stream part gives it a handler, or `null` (it only joins its protocol's lists).
 */
export const ENTRY_HANDLERS: { [K in EntryKind]: EntryHandler<K> | null } = {
  ...mcpStream.handlers,
  ...adkStream.handlers,
  ...loupeStream.handlers,
  ...playgroundStream.handlers,
  ...a2aStream.handlers,
  ...aguiStream.handlers,
  ...lgStream.handlers,
};
