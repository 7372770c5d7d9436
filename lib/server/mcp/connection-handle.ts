import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionConfig, ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import type { Direction, Entry } from "@/lib/contracts/entries";
import type { EntryKind, EntryPayload, ProtocolOfKind } from "@/lib/contracts/entry-kinds";
import type { Hub } from "@/lib/server/hub";
import type { RecordingTransport } from "@/lib/server/mcp/recording-transport";
import type { ToolsListing } from "@/lib/server/mcp/tool-pages";

/**
 * What the feature modules (resources, requests, tasks, OAuth, the doctor, calls, the tap) need of
 * one live MCP connection. `McpConnection` (connection.ts) implements it and imports those
 * modules; they import this leaf instead of the class, so no import runs back to connection.ts.
 */
export interface ConnectionHandle {
  readonly id: string;
  /** Replaced by an edit (the registry) and by the roots the user sets (requests/roots.ts). */
  config: ConnectionConfig;
  readonly hub: Hub;
  readonly state: ConnectionState;
  readonly client: Client | null;
  readonly recording: RecordingTransport | null;
  /** Bumped on every connect/disconnect so late events of an old transport are ignored. */
  readonly generation: number;
  /** A fresh id per MCP session; a session renewed in place gets a new one (session-reset.ts). */
  sessionKey: string | null;
  view(): ConnectionView;
  /** Records one entry of this connection; the kind fixes the protocol and the raw's type. */
  recordEntry<K extends EntryKind>(protocol: ProtocolOfKind<K>, direction: Direction, kind: K, raw: EntryPayload<K>): Entry;
  setState(patch: Partial<ConnectionState>): void;
  /** The SDK client of the live session; `conflict:not_connected` when there is none. */
  requireClient(): Client;
  /** A remote that stopped answering: ends the session and schedules the automatic reconnect. */
  markLost(message: string): void;
  /** Why the session ended, for connection state and for calls cut off by it. */
  closeReason(gen?: number): string;
  /** What a request cut off by the end of session `gen` failed with ("… during the call"). */
  cutOffMessage(gen: number, what?: string): string;
  listTools(opts?: { refresh?: boolean }): Promise<ToolsListing>;
  setLogLevel(level: LoggingLevel): Promise<void>;
}

/** Lets pending stream callbacks (stderr lines piped through a PassThrough) land first. */
export const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
