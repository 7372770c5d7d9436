import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { roleSchema, type Actor, type Role, type ServiceTokenInfo } from "@/lib/contracts/people";
import { AppError } from "@/lib/errors";
import type { Store } from "@/lib/server/store";

/**
 * Team mode's sign-in sessions, sign-ins under way and service tokens, in the store (SQLite or
 * PostgreSQL: several instances share them). A secret is never stored, only its SHA-256: a copy
 * of the database does not sign anyone in. Every table is bounded: expired rows go when a new one
 * is written, and each kind has a cap past which the oldest goes.
 */

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A sign-in must come back from the provider within this time. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;
const MAX_SESSIONS = 10_000;
const MAX_SESSIONS_PER_PERSON = 10;
const MAX_LOGINS = 1_000;
export const MAX_SERVICE_TOKENS = 100;

export function sha256(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What the provider said about a person, once their sign-in is checked. */
export interface SignedInPerson {
  subject: string;
  name: string;
  email?: string;
  role: Role;
}

/** A sign-in under way: what the callback needs to finish it (PKCE verifier, nonce, where to go). */
export interface PendingLogin {
  verifier: string;
  nonce: string;
  returnTo: string;
}

interface SessionRow {
  subject: string;
  name: string;
  email: string | null;
  role: string;
  expires_at: number;
}

interface TokenRow {
  id: string;
  name: string;
  role: string;
  created_at: number;
  created_by: string;
  last_used_at: number | null;
}

function tokenInfo(row: TokenRow): ServiceTokenInfo {
  return {
    id: row.id,
    name: row.name,
    role: roleSchema.catch("viewer").parse(row.role),
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
  };
}

/** The people part of the store. The launcher's gate reaches it through publishPeople (publish.ts). */
export class PeopleDirectory {
  constructor(
    private readonly store: Pick<Store, "prepare">,
    private readonly now: () => number = Date.now,
    readonly sessionTtlMs: number = SESSION_TTL_MS,
  ) {}

  // ── sessions ───────────────────────────────────────────────────────────────
  /** Opens a session for a person; returns its secret (the cookie's value), stored only hashed. */
  createSession(person: SignedInPerson): string {
    const now = this.now();
    const secret = randomBytes(32).toString("base64url");
    const db = this.store;
    db.prepare("DELETE FROM people_sessions WHERE expires_at <= ?").run(now);
    db.prepare(
      "INSERT INTO people_sessions (id_hash, subject, name, email, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(sha256(secret), person.subject, person.name, person.email ?? null, person.role, now, now + this.sessionTtlMs);
    // One person's oldest sessions go past the per-person cap, everyone's oldest past the total.
    db.prepare(
      "DELETE FROM people_sessions WHERE subject = ? AND id_hash NOT IN (SELECT id_hash FROM people_sessions WHERE subject = ? ORDER BY created_at DESC LIMIT ?)",
    ).run(person.subject, person.subject, MAX_SESSIONS_PER_PERSON);
    db.prepare(
      "DELETE FROM people_sessions WHERE id_hash NOT IN (SELECT id_hash FROM people_sessions ORDER BY created_at DESC LIMIT ?)",
    ).run(MAX_SESSIONS);
    return secret;
  }

  /** The person a live session belongs to; undefined for an unknown or expired one. */
  session(secret: string): Actor | undefined {
    const row = this.store
      .prepare<SessionRow>("SELECT subject, name, email, role, expires_at FROM people_sessions WHERE id_hash = ?")
      .get(sha256(secret));
    if (!row || row.expires_at <= this.now()) return undefined;
    return { kind: "person", name: row.name, email: row.email ?? row.subject, role: roleSchema.catch("viewer").parse(row.role) };
  }

  endSession(secret: string): void {
    this.store.prepare("DELETE FROM people_sessions WHERE id_hash = ?").run(sha256(secret));
  }

  // ── sign-ins under way ─────────────────────────────────────────────────────
  startLogin(state: string, login: PendingLogin): void {
    const now = this.now();
    const db = this.store;
    db.prepare("DELETE FROM people_logins WHERE created_at <= ?").run(now - LOGIN_TTL_MS);
    db.prepare("INSERT INTO people_logins (state_hash, verifier, nonce, return_to, created_at) VALUES (?, ?, ?, ?, ?)").run(
      sha256(state),
      login.verifier,
      login.nonce,
      login.returnTo,
      now,
    );
    db.prepare(
      "DELETE FROM people_logins WHERE state_hash NOT IN (SELECT state_hash FROM people_logins ORDER BY created_at DESC LIMIT ?)",
    ).run(MAX_LOGINS);
  }

  /** The sign-in a `state` belongs to, taken once: a second callback with the same state finds nothing. */
  takeLogin(state: string): PendingLogin | undefined {
    const hash = sha256(state);
    const row = this.store
      .prepare<{ verifier: string; nonce: string; return_to: string; created_at: number }>(
        "SELECT verifier, nonce, return_to, created_at FROM people_logins WHERE state_hash = ?",
      )
      .get(hash);
    if (!row) return undefined;
    // Only the instance whose DELETE removed the row finishes the sign-in.
    const taken = this.store.prepare("DELETE FROM people_logins WHERE state_hash = ?").run(hash).changes === 1;
    if (!taken || row.created_at <= this.now() - LOGIN_TTL_MS) return undefined;
    return { verifier: row.verifier, nonce: row.nonce, returnTo: row.return_to };
  }

  // ── service tokens ─────────────────────────────────────────────────────────
  /** A new service token: its secret is returned here once and stored only hashed. */
  createToken(name: string, role: Role, createdBy: string): { token: ServiceTokenInfo; secret: string } {
    const count = this.store.prepare<{ n: number }>("SELECT COUNT(*) AS n FROM service_tokens").get()?.n ?? 0;
    if (Number(count) >= MAX_SERVICE_TOKENS) {
      throw new AppError("conflict:service_tokens", `Loupe keeps at most ${MAX_SERVICE_TOKENS} service tokens: revoke one first`);
    }
    const secret = `loupe_${randomBytes(32).toString("base64url")}`;
    const row: TokenRow = { id: randomUUID(), name, role, created_at: this.now(), created_by: createdBy, last_used_at: null };
    this.store
      .prepare("INSERT INTO service_tokens (id, name, role, secret_hash, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)")
      .run(row.id, name, role, sha256(secret), row.created_at, createdBy);
    return { token: tokenInfo(row), secret };
  }

  listTokens(): ServiceTokenInfo[] {
    return this.store
      .prepare<TokenRow>("SELECT id, name, role, created_at, created_by, last_used_at FROM service_tokens ORDER BY created_at DESC, id")
      .all()
      .map(tokenInfo);
  }

  revokeToken(id: string): void {
    if (this.store.prepare("DELETE FROM service_tokens WHERE id = ?").run(id).changes === 0) {
      throw new AppError("not_found:service_token", `There is no service token ${id} (it may have been revoked already)`);
    }
  }

  /** The service token a bearer secret names, as an actor; undefined for an unknown or revoked one. */
  serviceToken(secret: string): Actor | undefined {
    const hash = sha256(secret);
    const row = this.store
      .prepare<TokenRow>("SELECT id, name, role, created_at, created_by, last_used_at FROM service_tokens WHERE secret_hash = ?")
      .get(hash);
    if (!row) return undefined;
    const now = this.now();
    // Written at most once a minute: a CI job's every request need not write.
    if (row.last_used_at === null || now - row.last_used_at > 60_000) {
      this.store.prepare("UPDATE service_tokens SET last_used_at = ? WHERE id = ?").run(now, row.id);
    }
    return { kind: "service", name: row.name, role: tokenInfo(row).role };
  }
}
