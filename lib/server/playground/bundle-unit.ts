import "server-only";
import type { BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { InboxRow } from "@/lib/contracts/inbox";
import { playgroundConversationSnapshotSchema } from "@/lib/contracts/playground";
import type { Conversation, PlaygroundConversationSnapshot } from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import { getApprovals } from "@/lib/server/approvals";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getPlayground } from "@/lib/server/playground";
import { resolveBaseUrl, resolveKey } from "@/lib/server/playground/providers/keys";
import { urlSecrets } from "@/lib/server/playground/providers/url-secrets";
import type { Store } from "@/lib/server/store";
import type { EntryRow } from "@/lib/server/store-schema";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query } from "@/lib/server/rows";
import { modelLabel } from "@/lib/contracts/model-label";

type Ref = BundleUnitRefOf<"playground-conversation">;

/** Every entry of the conversation (pg_user … pg_turn, pg_column, pg_sampling_draft), whole, in seq order. */
function conversationEntries(store: Store, conversationId: string): BundleEntry[] {
  const rows = query<EntryRow>(store, "SELECT * FROM entries WHERE connection_id = ? ORDER BY seq").all(conversationId);
  return rows.map(bundleEntryOf);
}

/** The tool approvals its models asked for, and the sampling requests its columns drafted answers to. */
function inboxOf(store: Store, conversationId: string, entries: BundleEntry[]): InboxRow[] {
  const approvals = getApprovals()
    .list()
    .filter((a) => a.origin.kind === "playground" && a.origin.conversationId === conversationId)
    .map((a) => ({ ...a, source: "approval" as const }));
  const drafted = new Set(
    entries.filter((e) => e.kind === "pg_sampling_draft").map((e) => String((e.raw as { requestId?: unknown } | null)?.requestId)),
  );
  const requests =
    drafted.size === 0
      ? []
      : getClientRequests()
          .list({ store })
          .filter((r) => drafted.has(r.id))
          .map((r) => ({ ...r, source: "mcp" as const }));
  return [...approvals, ...requests];
}

function serverNamesOf(conversation: Conversation): Record<string, string> {
  const registry = getRegistry();
  return Object.fromEntries(conversation.servers.map((s) => [s.connectionId, registry.get(s.connectionId)?.name ?? s.connectionId]));
}

export const playgroundConversationUnit: BundleUnit<"playground-conversation"> = {
  type: "playground-conversation",
  snapshotSchema: playgroundConversationSnapshotSchema,

  async export(ref: Ref): Promise<BundleParts> {
    const playground = getPlayground();
    const row = playground.rows.getConversation(ref.conversationId);
    if (!row) throw new AppError("not_found:bundle_unit", `No playground conversation with id "${ref.conversationId}"`);
    const conversation = playground.get(ref.conversationId);
    const store = playground.hub.store;
    const entries = conversationEntries(store, ref.conversationId);
    const snapshot: PlaygroundConversationSnapshot = {
      conversation,
      messages: row.messages,
      serverNames: serverNamesOf(conversation),
    };
    return {
      title: `Playground · ${conversation.title}`,
      connection: {
        protocol: "playground",
        id: conversation.id,
        name: conversation.title,
        target: conversation.columns.map((c) => modelLabel(c.config)).join(" | "),
      },
      entries,
      snapshot,
      inbox: inboxOf(store, ref.conversationId, entries),
    };
  },

  /** The provider keys its columns use (settings or environment) and the credentials in their endpoints. */
  secretValues(ref: Ref): string[] {
    const columns = getPlayground().rows.columns(ref.conversationId);
    const values: string[] = [];
    for (const { config } of columns) {
      const key = resolveKey(config.provider).apiKey;
      if (key) values.push(key);
      values.push(...urlSecrets(config.baseUrl), ...urlSecrets(resolveBaseUrl(config.provider, config.baseUrl)));
    }
    return [...new Set(values)];
  },
};
