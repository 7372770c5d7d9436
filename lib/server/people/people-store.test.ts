import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Store } from "@/lib/server/store";
import { AuditLog, auditCsv, auditJsonl } from "@/lib/server/people/audit-log";
import { LOGIN_TTL_MS, PeopleDirectory, sha256 } from "@/lib/server/people/directory";
import { storeBackends } from "@/tests/support/store-backends";

/** Team mode's tables through the store seam, on both databases (issue 25): sessions, sign-ins, service tokens, the audit log. */

const backends = storeBackends();

describe.each(backends)("people on $name", (backend) => {
  let store: Store;
  let now = 1_000_000;
  const clock = () => now;
  // One database per backend (a PostgreSQL database takes a second to make): each test starts from empty tables.
  beforeAll(() => {
    store = backend.open();
  });
  afterAll(() => {
    store.close();
  });
  beforeEach(() => {
    for (const table of ["people_sessions", "people_logins", "service_tokens", "audit_events"]) store.prepare(`DELETE FROM ${table}`).run();
  });

  it("keeps a session by the hash of its secret, until it expires or is ended", () => {
    const people = new PeopleDirectory(store, clock, 60_000);
    const secret = people.createSession({ subject: "s1", name: "Ann", email: "ann@example.test", role: "responder" });
    expect(people.session(secret)).toEqual({ kind: "person", name: "Ann", email: "ann@example.test", role: "responder" });
    // The secret itself is nowhere in the table.
    const rows = store.prepare<{ id_hash: string }>("SELECT id_hash FROM people_sessions").all();
    expect(rows).toEqual([{ id_hash: sha256(secret) }]);
    expect(people.session("not-a-session")).toBeUndefined();
    now += 60_000;
    expect(people.session(secret)).toBeUndefined();
    const again = people.createSession({ subject: "s1", name: "Ann", role: "responder" });
    people.endSession(again);
    expect(people.session(again)).toBeUndefined();
  });

  it("bounds one person's sessions: the oldest go past ten", () => {
    const people = new PeopleDirectory(store, clock, 3_600_000);
    const secrets = Array.from({ length: 12 }, () => {
      now += 1;
      return people.createSession({ subject: "s2", name: "Bo", role: "viewer" });
    });
    expect(secrets.map((s) => people.session(s) !== undefined)).toEqual([false, false, ...Array(10).fill(true)]);
  });

  it("hands a sign-in under way back once, and not after it expired", () => {
    const people = new PeopleDirectory(store, clock);
    people.startLogin("state-1", { verifier: "v", nonce: "n", returnTo: "/x" });
    expect(people.takeLogin("state-1")).toEqual({ verifier: "v", nonce: "n", returnTo: "/x" });
    expect(people.takeLogin("state-1")).toBeUndefined();
    people.startLogin("state-2", { verifier: "v", nonce: "n", returnTo: "/" });
    now += LOGIN_TTL_MS + 1;
    expect(people.takeLogin("state-2")).toBeUndefined();
  });

  it("stores service tokens hashed, shows the secret once, finds them by bearer secret, revokes them", () => {
    const people = new PeopleDirectory(store, clock);
    const { token, secret } = people.createToken("ci", "responder", "Ann");
    expect(secret).toMatch(/^loupe_/);
    expect(people.listTokens()).toEqual([{ ...token, lastUsedAt: null }]);
    expect(JSON.stringify(store.prepare("SELECT * FROM service_tokens").all())).not.toContain(secret);
    expect(people.serviceToken(secret)).toEqual({ kind: "service", name: "ci", role: "responder" });
    expect(people.listTokens()[0]?.lastUsedAt).toBe(now);
    people.revokeToken(token.id);
    expect(people.serviceToken(secret)).toBeUndefined();
    expect(() => people.revokeToken(token.id)).toThrow(/no service token/);
  });

  it("logs raised requests once and answers with who gave them; filters, pages and exports", () => {
    const log = new AuditLog(store, clock);
    log.sweepRaised([{ source: "mcp", id: "r1", status: "pending", createdAt: 5 }]);
    log.sweepRaised([{ source: "mcp", id: "r1", status: "answered", createdAt: 5 }]);
    now = 10;
    log.record({ kind: "person", name: "Ann", role: "responder" }, { kind: "answered", source: "mcp", requestId: "r1" });
    now = 20;
    log.record({ kind: "service", name: "ci", role: "admin" }, { kind: "rejected", source: "approval", requestId: "a1", detail: "=cmd" });
    const all = log.query({ limit: 10 });
    expect(all.events.map((e) => [e.kind, e.actor, e.actorKind, e.source, e.requestId])).toEqual([
      ["rejected", "ci", "service", "approval", "a1"],
      ["answered", "Ann", "person", "mcp", "r1"],
      ["raised", "mcp peer", "peer", "mcp", "r1"],
    ]);
    expect(log.query({ limit: 10, person: "Ann" }).events).toHaveLength(1);
    expect(log.query({ limit: 10, kind: "raised" }).events[0]?.at).toBe(5);
    expect(log.query({ limit: 10, source: "approval" }).events).toHaveLength(1);
    expect(log.query({ limit: 10, from: 6, to: 15 }).events.map((e) => e.actor)).toEqual(["Ann"]);
    const first = log.query({ limit: 2 });
    expect(first.events).toHaveLength(2);
    const second = log.query({ limit: 2, before: first.next! });
    expect([second.events.map((e) => e.kind), second.next]).toEqual([["raised"], null]);
    expect(log.actors()).toEqual(["Ann", "ci"]);
    const csv = auditCsv(all.events).split("\r\n");
    expect(csv[0]).toBe("id,at,kind,actor,actorKind,role,source,requestId,detail");
    // A formula-looking cell is quoted as text.
    expect(csv[1]).toMatch(/,rejected,ci,service,admin,approval,a1,'=cmd$/);
    expect(
      auditJsonl(all.events)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).actor),
    ).toEqual(["ci", "Ann", "mcp peer"]);
  });

  it("orders by time, newest first, when a sweep inserts a request raised earlier; pages follow the same order", () => {
    const log = new AuditLog(store, clock);
    const ann = { kind: "person", name: "Ann", role: "responder" } as const;
    log.sweepRaised([{ source: "a2a", id: "late", status: "pending", createdAt: 49_000 }]);
    // Raised before the row above but swept in after it (the browser review's 10:36:27 row).
    log.sweepRaised([{ source: "agui", id: "early", status: "pending", createdAt: 27_000 }]);
    now = 49_000;
    log.record(ann, { kind: "answered", source: "a2a", requestId: "late" });
    now = 60_000;
    log.record(ann, { kind: "answered", source: "agui", requestId: "early" });
    const order = [
      ["answered", "early", 60_000],
      ["answered", "late", 49_000],
      ["raised", "late", 49_000],
      ["raised", "early", 27_000],
    ];
    const row = (e: { kind: string; requestId: string; at: number }) => [e.kind, e.requestId, e.at];
    expect(log.query({ limit: 10 }).events.map(row)).toEqual(order);
    // Page by page through the `before` cursor: the same order, nothing skipped or repeated.
    const paged: unknown[] = [];
    let before: number | undefined;
    for (let i = 0; i < 10; i++) {
      const page = log.query({ limit: 1, ...(before === undefined ? {} : { before }) });
      paged.push(...page.events.map(row));
      if (page.next === null) break;
      before = page.next;
    }
    expect(paged).toEqual(order);
  });

  it("keeps the log bounded", () => {
    const log = new AuditLog(store, clock, 3);
    for (let i = 0; i < 6; i++)
      log.record({ kind: "local", name: "local token", role: "admin" }, { kind: "answered", source: "mcp", requestId: `r${i}` });
    log.prune();
    expect(log.query({ limit: 10 }).events.map((e) => e.requestId)).toEqual(["r5", "r4", "r3"]);
  });
});
