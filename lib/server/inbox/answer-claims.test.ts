import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { AppError } from "@/lib/errors";
import { Store } from "@/lib/server/store";
import { messageToRecord } from "@/tests/support/entries";
import { answerClaimOf, answerOnce, claimAnswer, claimAnswerOnce, claimPeerPause, peerPause } from "@/lib/server/inbox/answer-claims";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Exactly-once answers (issue 25) on both databases: two processes, each with its own Store (its
 * own connection) on one database, race to claim the same 200 requests; each is applied once.
 */

const COUNT = 200;
const backends = storeBackends();

/** One racer: opens its Store, says "ready", waits for "go", claims every request, prints the ids it won. */
function racer(name: string, dir: string, url: string | undefined): { ready: Promise<void>; go: () => void; won: Promise<string[]> } {
  const script = `
    const { Store } = await import(${JSON.stringify(path.resolve("lib/server/store.ts"))});
    const { claimAnswerOnce } = await import(${JSON.stringify(path.resolve("lib/server/inbox/answer-claims.ts"))});
    const store = new Store(${JSON.stringify(dir)}, { databaseUrl: ${JSON.stringify(url)} });
    claimAnswerOnce(store, { source: "warmup", requestId: ${JSON.stringify(name)} }, ${JSON.stringify(name)});
    process.stdout.write("ready\\n");
    process.stdin.once("data", () => {
      const won = [];
      for (let i = 0; i < ${COUNT}; i++) {
        if (claimAnswerOnce(store, { source: "approval", requestId: "r" + i }, ${JSON.stringify(name)}).won) won.push("r" + i);
      }
      store.close();
      process.stdout.write(JSON.stringify(won) + "\\n");
      process.exit(0);
    });
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions", "react-server", "--input-type=module", "-e", script], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const lines = new Promise<string[]>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.split("\n").length > 2) resolve(out.split("\n"));
    });
    child.once("exit", (code) => (code === 0 ? resolve(out.split("\n")) : reject(new Error(`racer ${name} exited ${code}: ${err}`))));
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => out.startsWith("ready\n") && resolve());
    child.once("exit", (code) => code !== 0 && reject(new Error(`racer ${name} exited ${code}: ${err}`)));
  });
  return {
    ready,
    go: () => child.stdin.write("go\n"),
    won: lines.then((l) => {
      const ids: unknown = JSON.parse(l[1] ?? "[]");
      return Array.isArray(ids) ? ids.map(String) : [];
    }),
  };
}

describe.each(backends)("answer claims on $name", (backend) => {
  it(`two Stores on one database racing ${COUNT} claims apply each exactly once, the winner's name kept`, async () => {
    const { dir, url } = backend.place();
    const a = racer("instance A", dir, url);
    const b = racer("instance B", dir, url);
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const [wonA, wonB] = await Promise.all([a.won, b.won]);
    expect(wonA.length + wonB.length).toBe(COUNT);
    expect(new Set([...wonA, ...wonB]).size).toBe(COUNT);
    const store = new Store(dir, { databaseUrl: url });
    try {
      for (const id of wonA) expect(answerClaimOf(store, { source: "approval", requestId: id })?.answeredBy).toBe("instance A");
      for (const id of wonB) expect(answerClaimOf(store, { source: "approval", requestId: id })?.answeredBy).toBe("instance B");
    } finally {
      store.close();
    }
  }, 60_000);

  it("tells the loser who answered and when, in the route's own 409, and gives a claim back when delivery fails", () => {
    const { dir, url } = backend.place();
    const first = new Store(dir, { databaseUrl: url });
    const second = new Store(dir, { databaseUrl: url });
    try {
      const target = { source: "mcp", requestId: "q1" };
      const won = claimAnswer(first, target, "conflict:mcp_request", "Ada");
      let lost: unknown;
      try {
        claimAnswer(second, target, "conflict:mcp_request", "Grace");
      } catch (error) {
        lost = error;
      }
      expect(lost).toBeInstanceOf(AppError);
      expect(lost).toMatchObject({
        status: 409,
        code: "conflict:mcp_request",
        message: `This request was already answered by Ada at ${new Date(won.answeredAt).toISOString()}`,
        details: { answeredBy: "Ada", answeredAt: won.answeredAt },
      });
      // A retry round is its own claim.
      expect(claimAnswerOnce(second, { ...target, round: "retry-1" }, "Grace").won).toBe(true);

      const other = { source: "approval", requestId: "q2" };
      expect(() =>
        answerOnce(first, other, "conflict:approval_already_answered", () => {
          throw new Error("the peer refused it");
        }),
      ).toThrow("the peer refused it");
      expect(answerClaimOf(second, other)).toBeUndefined();
      expect(answerOnce(second, other, "conflict:approval_already_answered", (claim) => claim.answeredBy)).toMatch(/^Loupe on /);
    } finally {
      first.close();
      second.close();
    }
  });
});

describe("a claim on the local store (SQLite)", () => {
  const entry = messageToRecord({});
  /** What another process reading the file sees of the claims. */
  const committedClaims = (dir: string) => {
    const reader = new Database(path.join(dir, "loupe.db"), { readonly: true, fileMustExist: true });
    try {
      return reader.prepare("SELECT request_id AS id FROM answer_claims ORDER BY request_id").all();
    } finally {
      reader.close();
    }
  };

  it("is committed before the claim returns, with entries waiting in the open group commit; inside writes that commit as one, it joins them", () => {
    // Before, an open group commit (an entry written in the last 5-50 ms) made the store look inside
    // a transaction, so the claim joined the batch: another process saw it, and a crash kept it, only
    // when the batch committed.
    const dir = mkdtempSync(path.join(tmpdir(), "loupe-claim-commit-"));
    const store = new Store(dir);
    try {
      store.insertEntry(entry);
      expect(store.db.inTransaction).toBe(true);
      expect(claimAnswerOnce(store, { source: "approval", requestId: "q1" }, "Ada").won).toBe(true);
      expect(committedClaims(dir)).toEqual([{ id: "q1" }]);
      // An explicit transaction (here nested in an open batch, as a SAVEPOINT), and grouped writes,
      // are not cut in two by the claim's commit.
      store.insertEntry(entry);
      store.db.transaction(() => {
        store.insertEntry(entry);
        expect(claimAnswerOnce(store, { source: "approval", requestId: "q2" }, "Ada").won).toBe(true);
      })();
      store.insertEntry(entry);
      store.grouped(() => {
        store.insertEntry(entry);
        expect(claimAnswerOnce(store, { source: "approval", requestId: "q3" }, "Ada").won).toBe(true);
        expect(store.db.inTransaction).toBe(true);
      });
      store.flush();
      expect(committedClaims(dir)).toEqual([{ id: "q1" }, { id: "q2" }, { id: "q3" }]);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a peer's pause claimed from more than one view", () => {
  it("is one claim for every saved peer of the same server (its origin): one answer, the other's 409", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loupe-peer-pause-"));
    const store = new Store(dir);
    try {
      const adkView = peerPause("http://127.0.0.1:45197", "loupe_demo/u1/s1 e1:adk-9c646cbc");
      const a2aView = peerPause("http://127.0.0.1:45197/", "loupe_demo/u1/s1 e1:adk-9c646cbc");
      expect(a2aView).toEqual(adkView);
      const release = claimPeerPause(store, adkView, "conflict:interrupt_answered");
      expect(() => claimPeerPause(store, a2aView, "conflict:a2a_request_answered")).toThrow(
        expect.objectContaining({ code: "conflict:a2a_request_answered", status: 409 }),
      );
      // Not delivered (the run failed): given back, the other view may answer.
      release();
      expect(() => claimPeerPause(store, a2aView, "conflict:a2a_request_answered")).not.toThrow();
      // Another server's call with the same id is another pause.
      expect(peerPause("http://127.0.0.1:8000", "loupe_demo/u1/s1 e1:adk-9c646cbc")).not.toEqual(adkView);
      // A later pause of the same call id in the session (a workflow gate run twice) is another pause.
      expect(peerPause("http://127.0.0.1:45197", "loupe_demo/u1/s1 e7:adk-9c646cbc")).not.toEqual(adkView);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("left claimed by an answer Loupe stopped while sending (never given back) does not block the Retry, claimed in its own round once", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loupe-peer-pause-round-"));
    const store = new Store(dir);
    try {
      const pause = peerPause("http://127.0.0.1:45197", "loupe_demo/u1/s1 e1:adk-9c646cbc");
      // The first answer's claim; its release never runs (the process stopped).
      claimPeerPause(store, pause, "conflict:interrupt_answered");
      // The Retry claims the round after the failed attempt (the request's own claim does the same).
      const retryRound = { ...pause, round: "after:run-1" };
      const release = claimPeerPause(store, retryRound, "conflict:interrupt_answered");
      // The round is one claim: another view of the same server answering it now is told so.
      expect(() => claimPeerPause(store, retryRound, "conflict:a2a_request_answered")).toThrow(
        expect.objectContaining({ code: "conflict:a2a_request_answered", status: 409 }),
      );
      // Giving the Retry's claim back leaves the first round's as it was.
      release();
      expect(answerClaimOf(store, retryRound)).toBeUndefined();
      expect(answerClaimOf(store, pause)).toBeDefined();
      expect(() => claimPeerPause(store, retryRound, "conflict:interrupt_answered")).not.toThrow();
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
