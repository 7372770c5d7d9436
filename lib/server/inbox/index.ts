import "server-only";
import { orderInbox, type InboxRow, type InboxSource } from "@/lib/contracts/inbox";
import { getA2a } from "@/lib/server/a2a";
import { getAgents } from "@/lib/server/adk/agents";
import { getAgui } from "@/lib/server/agui";
import { getApprovals } from "@/lib/server/approvals";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";

/** What one protocol contributes to the inbox: its rows, each tagged with the source. */
export type InboxReader = () => InboxRow[];

/**
 * Every protocol's reader. A record keyed by source, so a source added to InboxRow without a
 * reader here is a compile error.
 */
export const INBOX_READERS: Record<InboxSource, InboxReader> = {
  // Every interrupt of every ADK agent server and session (lib/server/adk/inbox.ts tracks them).
  adk: () =>
    getAgents()
      .listInbox()
      .map((item) => ({ ...item, source: "adk" as const })),
  // With the stored history: requests of an earlier run of Loupe stay listed (stale, or answered).
  mcp: () =>
    getClientRequests()
      .list({ store: getRegistry().hub.store })
      .map((request) => ({ ...request, source: "mcp" as const })),
  approval: () =>
    getApprovals()
      .list()
      .map((approval) => ({ ...approval, source: "approval" as const })),
  // A2A tasks that are input- or auth-required (stored ones after a restart: stale).
  a2a: () =>
    getA2a()
      .listRequests()
      .map((request) => ({ ...request, source: "a2a" as const })),
  agui: () =>
    getAgui()
      .listRequests()
      .map((request) => ({ ...request, source: "agui" as const })),
};

/**
 * The shared inbox (issue 11 §1: one model for every protocol). GET /api/inbox lists it; each
 * protocol keeps its own requests and answers them through its own route, the inbox only reads.
 */
export class InboxService {
  constructor(private readonly readers: Readonly<Record<InboxSource, InboxReader>> = INBOX_READERS) {}

  /** Every human request Loupe knows, of every source: pending, failed, answered, stale; newest first within. */
  list(): InboxRow[] {
    return orderInbox(Object.values(this.readers).flatMap((read) => read()));
  }
}

const KEY = Symbol.for("loupe.inbox");
type WithInbox = typeof globalThis & { [KEY]?: InboxService };

/** The process-wide inbox (on globalThis: survives dev hot reload, like the protocol services). */
export function getInbox(): InboxService {
  const g = globalThis as WithInbox;
  return (g[KEY] ??= new InboxService());
}
