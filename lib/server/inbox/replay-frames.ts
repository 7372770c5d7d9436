import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import { getReplayScopes, type ReplayScopes } from "@/lib/server/testing/replay-scopes";

type Scoped = (adapter: ProtocolRegistry[number]) => string | null;

function inReplay(registry: ProtocolRegistry, scopes: ReplayScopes, scopeOf: Scoped): boolean {
  return registry.some((adapter) => {
    const scope = scopeOf(adapter);
    return scope !== null && scopes.has(adapter.id, scope);
  });
}

/** Whether a gated tool call waits for a test replay (its origin, as an adapter's `approvalScope` reads it, was marked). */
export function isReplayApproval(
  approval: ToolApproval,
  registry: ProtocolRegistry = PROTOCOL_ADAPTERS,
  scopes = getReplayScopes(),
): boolean {
  return inReplay(registry, scopes, (adapter) => adapter.approvalScope(approval));
}

/**
 * Whether an entry records a human request of a test replay's scope (review #12, issue 24): one of
 * a protocol's own requests (its adapter's `inboxEntryScope`) or a gated tool call at the shared
 * approvals desk (each adapter's `approvalScope`), in a scope its testing driver marked. Drivers
 * mark a scope before any of its requests is recorded, so the first frame already carries it.
 */
export function isReplayRequest(entry: Entry, registry: ProtocolRegistry = PROTOCOL_ADAPTERS, scopes = getReplayScopes()): boolean {
  // Every entry of the page's stream passes here (a relay's thousands of frames): with no replay
  // marked, no adapter is asked (issue 23).
  if (scopes.none()) return false;
  const approval = entryPayload(entry, "tool_approval");
  if (approval) return isReplayApproval(approval, registry, scopes);
  return inReplay(registry, scopes, (adapter) => adapter.inboxEntryScope(entry));
}

/**
 * The entry as GET /api/stream sends it: a replay's request marked `replay: true`, so the page's
 * inbox leaves it out as GET /api/inbox does (lib/queries/inbox-stream.ts), instead of showing a
 * scripted pause until the list is read again. Every other entry as it is.
 */
export function markReplayFrame(entry: Entry): Entry {
  return isReplayRequest(entry) ? { ...entry, replay: true } : entry;
}

/**
 * markReplayFrame for one batch of the page's stream, asked once per batch: undefined (each entry
 * as it is) while no test replay was ever marked. A relay's 2,000 frames asked it each (issue 23).
 */
export function replayFraming(): ((entry: Entry) => Entry) | undefined {
  return getReplayScopes().none() ? undefined : markReplayFrame;
}
