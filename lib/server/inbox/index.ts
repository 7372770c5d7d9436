import "server-only";
import { orderInbox, type InboxRow, type InboxRowBase, type InboxRowOf } from "@/lib/contracts/inbox";
import { getApprovals } from "@/lib/server/approvals";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import { processWide } from "@/lib/server/process-wide";
import { isReplayApproval } from "@/lib/server/inbox/replay-frames";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";

/** What one source contributes to the inbox: its rows, each tagged with the source (a new protocol's too: `Row` stays open). */
export type InboxReader<Row extends InboxRowBase = InboxRow> = () => readonly Row[];

/** Gated tool calls (playground models, tap clients) wait at the shared approvals desk: a core source, no protocol. */
function approvals(): InboxRowOf<"approval">[] {
  return getApprovals()
    .list()
    .map((approval) => ({ ...approval, source: "approval" as const }));
}

/**
 * The readers of a registry, keyed by source: each protocol's that asks the user anything (without
 * the rows of a test replay's scope), and the approvals desk (without the gated calls of a replay's
 * scope, as each adapter's `approvalScope` names it).
 */
export function inboxReaders(registry: ProtocolRegistry = PROTOCOL_ADAPTERS): Readonly<Record<string, InboxReader<InboxRowBase>>> {
  const readers: Record<string, InboxReader<InboxRowBase>> = {};
  for (const adapter of registry) {
    const read = adapter.inbox;
    if (!read) continue;
    // A test replay's pauses are answered by its script, and what it left is no one's work (review #12).
    readers[adapter.id] = () =>
      read().filter((row) => {
        const scope = adapter.inboxScope(row);
        return scope === null || !getReplayScopes().has(adapter.id, scope);
      });
  }
  readers.approval = () => approvals().filter((row) => !isReplayApproval(row, registry));
  return readers;
}

/** Every source's reader (the registry's adapters: the compiler asks each protocol for its part). */
export const INBOX_READERS = inboxReaders();

/**
 * The shared inbox (issue 11 §1: one model for every protocol). GET /api/inbox lists it; each
 * protocol keeps its own requests and answers them through its own route, the inbox only reads.
 */
export class InboxService<Row extends InboxRowBase> {
  constructor(private readonly readers: Readonly<Record<string, InboxReader<Row>>>) {}

  /** Every human request Loupe knows, of every source: pending, failed, answered, stale; newest first within. */
  list(): Row[] {
    return orderInbox(Object.values(this.readers).flatMap((read) => read()));
  }
}

const KEY = Symbol.for("loupe.inbox");

/** The process-wide inbox (on globalThis: survives dev hot reload, like the protocol services). */
export function getInbox(): InboxService<InboxRowBase> {
  return processWide(KEY, () => new InboxService(INBOX_READERS));
}
