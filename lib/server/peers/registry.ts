import "server-only";
import { randomUUID } from "node:crypto";
import type { HeldBy } from "@/lib/contracts/cluster";
import type { AppError } from "@/lib/errors";
import { leaseHolder } from "@/lib/server/cluster/service";
import type { PeerConfig, PeerTable } from "@/lib/server/peers/table";
import { maskHeaders, mergeHeaders } from "@/lib/server/secrets";

/** What a peer's input needs for the registry: the headers sent on every request (masked in views). */
export interface PeerInput {
  headers: Record<string, string>;
}

/** One saved peer and its live state (not persisted: checked again after a restart). */
export interface PeerEntry<Input, State> {
  config: PeerConfig<Input>;
  state: State;
}

/**
 * A peer as the API shows it: header values masked, with its state; with several instances on one
 * database, the one holding its lease (its runs go there).
 */
export type PeerView<Input, State> = PeerConfig<Input> & { state: State; heldBy?: HeldBy };

export interface PeerCreateOptions {
  /** A fixed id (boot's demo and command-line peers); an existing peer with it is replaced, keeping its createdAt. */
  id?: string;
  builtin?: boolean;
}

export interface PeerRegistryOptions<Input extends PeerInput, State> {
  table: PeerTable<PeerConfig<Input>>;
  /** The state of a peer nobody checked yet. */
  initialState: () => State;
  /** The protocol's own not_found (code and words are part of its API). */
  notFound: (id: string) => AppError;
  /** The protocol's refusal to remove a builtin peer without `{ builtin: true }`; null: builtins may be removed. */
  builtinRemoval: ((config: PeerConfig<Input>) => AppError) | null;
  /** The prefix of its peers' leases (`peerLeases()`), when they are under leases. */
  lease?: string;
}

/**
 * The saved peers of one protocol with their live state (STYLE rule 3): what ADK's, A2A's and
 * AG-UI's services share — list / get / has / require, create / update / remove, builtin demo
 * peers, masked header views. What a protocol does around it (check a server, fetch a card, abort
 * runs) stays in its service.
 */
export class PeerRegistry<Input extends PeerInput, State> {
  private readonly peers = new Map<string, PeerEntry<Input, State>>();
  /** Listed while Loupe starts them (announce), not saved yet: a re-read of the table keeps them. */
  private readonly announced = new Set<string>();

  constructor(private readonly opts: PeerRegistryOptions<Input, State>) {
    for (const config of opts.table.list()) this.peers.set(config.id, { config, state: opts.initialState() });
  }

  get table(): PeerTable<PeerConfig<Input>> {
    return this.opts.table;
  }

  view(entry: PeerEntry<Input, State>): PeerView<Input, State> {
    const view = { ...entry.config, headers: maskHeaders(entry.config.headers), state: entry.state };
    const held = this.opts.lease ? leaseHolder(this.opts.lease, entry.config.id) : null;
    return held ? { ...view, heldBy: held.holder } : view;
  }

  list(): PeerView<Input, State>[] {
    return [...this.peers.values()].map((e) => this.view(e));
  }

  ids(): string[] {
    return [...this.peers.keys()];
  }

  has(id: string): boolean {
    return this.peers.has(id);
  }

  /** The entry, if the peer is known. */
  find(id: string): PeerEntry<Input, State> | undefined {
    return this.peers.get(id);
  }

  /** The entry, or the protocol's not_found. */
  require(id: string): PeerEntry<Input, State> {
    const entry = this.peers.get(id);
    if (!entry) throw this.opts.notFound(id);
    return entry;
  }

  /** The view, or the protocol's not_found. */
  get(id: string): PeerView<Input, State> {
    return this.view(this.require(id));
  }

  /** Saves the peer. An existing one (same id) keeps its entry, state and createdAt; once builtin, it stays builtin. */
  create(input: Input, opts: PeerCreateOptions = {}): PeerEntry<Input, State> {
    const id = opts.id ?? randomUUID();
    const existing = this.peers.get(id);
    const builtin = opts.builtin || existing?.config.builtin;
    const config: PeerConfig<Input> = {
      ...input,
      id,
      createdAt: existing?.config.createdAt ?? Date.now(),
      ...(builtin ? { builtin: true } : {}),
    };
    this.opts.table.save(config);
    this.announced.delete(id);
    const entry = existing ?? { config, state: this.opts.initialState() };
    entry.config = config;
    this.peers.set(id, entry);
    return entry;
  }

  /** Boot's demo peers: saved under a fixed id as builtin; calling again (every boot) only updates them. */
  registerBuiltin(id: string, input: Input): PeerEntry<Input, State> {
    return this.create(input, { id, builtin: true });
  }

  /** Lists a peer Loupe is still starting (not saved): `create` with its id replaces it once it is up. */
  announce(config: PeerConfig<Input>, state: State): PeerEntry<Input, State> {
    const entry = { config, state };
    this.peers.set(config.id, entry);
    this.announced.add(config.id);
    return entry;
  }

  /**
   * Reads the saved peers again: with several instances on one database (issue 25) another one
   * added, edited or removed some. The ids saved now, and those this registry did not know before
   * (the protocol checks them); a peer being started here (announced) stays listed.
   */
  syncSaved(): { saved: string[]; added: string[] } {
    const saved = this.opts.table.list();
    const ids = new Set(saved.map((config) => config.id));
    for (const id of this.peers.keys()) if (!ids.has(id) && !this.announced.has(id)) this.peers.delete(id);
    const added: string[] = [];
    for (const config of saved) {
      if (this.announced.has(config.id)) continue;
      const entry = this.peers.get(config.id);
      if (entry) entry.config = config;
      else {
        added.push(config.id);
        this.peers.set(config.id, { config, state: this.opts.initialState() });
      }
    }
    return { saved: [...ids], added };
  }

  /** Applies the fields given; masked header values keep the stored secret. */
  update(id: string, patch: Partial<Input>): PeerEntry<Input, State> {
    const entry = this.require(id);
    const headers = patch.headers ? mergeHeaders(patch.headers, entry.config.headers) : entry.config.headers;
    entry.config = { ...entry.config, ...patch, headers };
    this.opts.table.save(entry.config);
    return entry;
  }

  /**
   * Forgets the peer (a builtin only with `{ builtin: true }`, unless the protocol allows it) but
   * keeps its rows: for a protocol that must wait for its runs to end before they are deleted.
   */
  take(id: string, opts: { builtin?: boolean } = {}): PeerEntry<Input, State> {
    const entry = this.require(id);
    if (entry.config.builtin && !opts.builtin && this.opts.builtinRemoval) throw this.opts.builtinRemoval(entry.config);
    this.peers.delete(id);
    this.announced.delete(id);
    return entry;
  }

  /** Forgets the peer, lets `cleanup` stop what it runs, then deletes it with its rows. */
  remove(id: string, opts: { builtin?: boolean } = {}, cleanup?: (entry: PeerEntry<Input, State>) => void): PeerEntry<Input, State> {
    const entry = this.take(id, opts);
    cleanup?.(entry);
    this.opts.table.delete(id);
    return entry;
  }
}
