import "server-only";
import { processWide } from "@/lib/server/process-wide";
import { getStore, type Store } from "@/lib/server/store";

/** Scopes kept (a bounded resource: the oldest go first; a pruned scope's requests show in the inbox again). */
export const MAX_REPLAY_SCOPES = 10_000;

/**
 * Where test replays run (issue 24, review #12): each driver marks the session, thread or call it
 * replays in — a key of its protocol's own ("<agentId>\n<sessionKey>"), the one its adapter's
 * `inboxScope()` gives that scope's rows. The inbox core leaves marked rows out: a replay's pauses
 * are the scripted human's, not work for a person, and what a replay left behind never waits for
 * one. The session itself stays readable where it is. Kept in the store (table `replay_scopes`),
 * so a restart does not bring a test's pauses back into the inbox.
 */
export class ReplayScopes {
  private readonly known = new WeakMap<Store, Set<string>>();

  constructor(private readonly storeOf: () => Store = getStore) {}

  private keys(store: Store): Set<string> {
    let set = this.known.get(store);
    if (!set) {
      const rows = store.prepare<{ scope: string }>("SELECT scope FROM replay_scopes ORDER BY created_at, rowid").all();
      this.known.set(store, (set = new Set(rows.map((r) => r.scope))));
    }
    return set;
  }

  /** `scope` of protocol `source` is a test replay's. */
  mark(source: string, scope: string): void {
    const store = this.storeOf();
    const set = this.keys(store);
    const key = `${source}\n${scope}`;
    if (set.has(key)) return;
    store.db.prepare("INSERT OR IGNORE INTO replay_scopes (scope, created_at) VALUES (?, ?)").run(key, Date.now());
    set.add(key);
    if (set.size <= MAX_REPLAY_SCOPES) return;
    const over = [...set].slice(0, set.size - MAX_REPLAY_SCOPES);
    const drop = store.db.prepare("DELETE FROM replay_scopes WHERE scope = ?");
    store.db.transaction(() => over.forEach((k) => drop.run(k)))();
    for (const k of over) set.delete(k);
  }

  has(source: string, scope: string): boolean {
    return this.keys(this.storeOf()).has(`${source}\n${scope}`);
  }

  /** No scope is marked (no test replay has run on this store): nothing to look up per entry. */
  none(): boolean {
    return this.keys(this.storeOf()).size === 0;
  }
}

const KEY = Symbol.for("loupe.replay-scopes");

export function getReplayScopes(): ReplayScopes {
  return processWide(KEY, () => new ReplayScopes());
}
