import "server-only";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRowBase, PeerInputByProtocol } from "@/lib/contracts/protocols";
import type { BootOptions } from "@/lib/launcher/cli";
import type { AnyBundleUnit } from "@/lib/server/bundles/units/types";
import type { LeasedResources } from "@/lib/server/cluster/leased";
import type { SessionSearchSource } from "@/lib/server/search/types";
import type { Store } from "@/lib/server/store";
import type { TestingDriver } from "@/lib/server/testing/driver";

/**
 * Traffic a pending request still needs, whatever its age or the size cap (lib/server/retention.ts).
 * `<protocol>Sessions`: sessions of that protocol whose every entry stays, as
 * `${connectionId}\n${sessionKey}` (e.g. `adkSessions`: ADK sessions with a pending interrupt).
 */
export type Keep = {
  /** Per connection, the time of its oldest pending request: its entries from then on stay. */
  readonly pendingSince?: Readonly<Record<string, number>>;
} & { readonly [sessions: `${string}Sessions`]: readonly string[] | undefined };

/**
 * A table of a protocol's own that grows with use (a row per tool call, per agent run): retention
 * prunes its rows with the traffic of their time, oldest first, never the ones still needed.
 * Either timed (`at`, in ms like the entries' `received_at`: rows at or before the pruned traffic
 * go, except those of a kept session or connection span and those `keeps` names) or a pointer at
 * entries (`entrySeq`: rows whose entry is gone go with it).
 */
export type HistoryTable =
  | {
      table: string;
      at: string;
      /** Its peer column, matched against `Keep.pendingSince`. */
      connection: string;
      /** Its session column, matched against the protocol's `Keep.<id>Sessions`; null: it has none. */
      session: string | null;
      /** An SQL condition on rows always kept (a call still running); null: none. */
      keeps: string | null;
    }
  | { table: string; entrySeq: string };

/** What a protocol keeps of the recorded traffic (retention prunes the rest). */
export interface ProtocolRetention {
  /** Its growing tables (call rows, run records), pruned with the traffic; saved records are never listed. */
  history: readonly HistoryTable[];
  /** Traffic its pending requests still need now; asked before every prune. */
  pending: (() => Keep) | null;
  /**
   * An SQL condition on `entries` rows it keeps for as long as its own records point at them (a
   * call's result frame, a live conversation's history). No parameters: it is part of the statement.
   */
  keepsRows: string | null;
}

/** A demo peer (demo/peers.ts): Loupe starts it and saves it as a builtin peer under its fixed id. */
export interface DemoPeer<Input> {
  id: string;
  name: string;
  /** What a failure to start says it was: "The demo A2A agent did not start: …". */
  label: string;
  /** Starts the peer (once per process) and answers with what to save for it. */
  start(ctx: { root: string }): Promise<Input>;
  /**
   * Packages it runs on that the npm package does not ship (heavy ones): when one does not resolve
   * from the app's folder, boot does not start it and offers it instead (lib/server/demo-offers.ts).
   */
  needs?: readonly string[];
  /**
   * Started only when asked (the Start button of its offer, POST /api/demos/<id>/start), not at
   * boot: why, in words ("its server takes 30–60 s to start…"). A demo heavy to keep idle (issue 22).
   */
  onRequest?: string;
}

/** Per protocol, its demo peers: handed to boot() by the composition root (instrumentation.ts). */
export type DemoPeers = { readonly [P in keyof PeerInputByProtocol]?: readonly DemoPeer<PeerInputByProtocol[P]>[] };

export interface BootContext {
  opts: BootOptions;
  /** The repository root (LOUPE_ROOT), where the demos and their runtimes live. */
  root: string;
  /** Every protocol's demo peers; each adapter starts its own when `opts.demo`. */
  demos: DemoPeers;
}

/** A protocol's saved peers, as boot and the dummy-protocol test see them. */
export interface PeerService {
  list(): readonly { id: string; name: string; builtin?: boolean }[];
  has(id: string): boolean;
  /** `builtin: true` removes a demo peer too (boot without the demo: its peers are not started). */
  remove(id: string, opts: { builtin: true }): void | Promise<void>;
}

/**
 * What one protocol plugs into the shared core (issue 20). Every slot is required: `null` says
 * "none", so a protocol that forgets one does not compile (as ENTRY_HANDLERS does for entry kinds).
 * lib/server/protocols/registry.ts lists them; the inbox, bundles, session search, retention, boot
 * and the bundle secret scrub loop over it.
 */
export interface ProtocolAdapter {
  /** Its folder under lib/server/ ("mcp", "playground"…), its entries' protocol and its inbox source. */
  id: string;
  label: string;
  /** Its saved peers (null: it has none, like the playground). */
  peers: PeerService | null;
  /** Its human requests as inbox rows, each tagged with its source (null: it asks nothing). */
  inbox: (() => readonly InboxRowBase[]) | null;
  /**
   * Where one of its inbox rows lives (its peer and session, thread or call), as the key its testing
   * driver marks a replay's scope with (lib/server/testing/replay-scopes.ts); null: nowhere a replay
   * runs. The inbox leaves a replay's rows out. A method: it reads its own rows' fields.
   */
  inboxScope(row: InboxRowBase): string | null;
  /**
   * The same scope for an entry it records when one of its requests opens or changes (what the page's
   * inbox reads live), null for any other entry: GET /api/stream marks a replay's (Entry.replay), so
   * an inbox already open leaves it out too (lib/server/inbox/replay-frames.ts).
   */
  inboxEntryScope(entry: Entry): string | null;
  /**
   * The scope of a gated tool call its sessions asked the shared approvals desk about (its
   * `origin`), null when not its: a replay's approvals stay out of the inbox like its own requests.
   */
  approvalScope(approval: ToolApproval): string | null;
  /** The unit types it exports (each module in its own folder: lib/server/<id>/bundle-unit.ts). */
  bundleUnits: readonly AnyBundleUnit[];
  /** Its part of the cross-protocol session search. */
  search: SessionSearchSource | null;
  retention: ProtocolRetention | null;
  /** Its demo peers (ctx.demos) and command-line peers; never blocks Loupe's start on a peer. */
  boot: ((ctx: BootContext) => Promise<void>) | null;
  /** The secret values it holds in `store` (saved headers, tokens, keys), for the bundle scrub. */
  secrets: (store: Store) => string[];
  /** Its testing driver (issue 24): cases saved from its records, replayed by the runner (null: none). */
  testing: TestingDriver | null;
  /**
   * The upstream resources it keeps open, held by one instance at a time when several share a
   * database (issue 25: lib/server/cluster/keeper.ts); null: it opens none, or not yet under leases.
   */
  leases: LeasedResources | readonly LeasedResources[] | null;
  /** Stops what it runs (tests, shutdown); saved peers stay. */
  closeAll: () => Promise<void>;
}

/** The adapters the core loops over, in order (boot, inbox ties and search hits follow it). */
export type ProtocolRegistry = readonly ProtocolAdapter[];
