import { afterAll, describe, expect, it } from "vitest";
import { ZERO_USAGE } from "@/lib/server/playground/conversation-store";
import { ConversationStore } from "@/lib/server/playground/conversation-store";
import { pruneTraffic } from "@/lib/server/retention";
import { openStore } from "@/lib/server/store";
import type { NewEntry } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

const DAY = 24 * 60 * 60 * 1000;
const dir = tempDir("loupe-playground-retention-");
const store = openStore(dir.dir);
afterAll(() => {
  store.close();
  dir.cleanup();
});

const pg = (conversationId: string, receivedAt: number): NewEntry => ({
  connectionId: conversationId,
  sessionKey: "col",
  receivedAt,
  sourceTime: null,
  direction: "out",
  protocol: "playground",
  kind: "pg_user",
  raw: { turn: 1, text: "hello" },
});

describe("retention and the playground", () => {
  it("keeps the entries of an existing conversation however old (its history is rebuilt from them), prunes a deleted one's", () => {
    const rows = new ConversationStore(store);
    const now = Date.now();
    rows.saveConversation({
      id: "kept",
      title: "t",
      settings: { systemPrompt: "", servers: [], policy: "never", toolPolicies: {} },
      messages: [{ text: "hello" }],
      createdAt: 1,
      updatedAt: 1,
    });
    rows.saveColumn({
      id: "col",
      conversationId: "kept",
      position: 0,
      config: { provider: "scripted", model: "scripted", strict: false, maxSteps: 5 },
      turns: 1,
      usage: ZERO_USAGE,
      costUsd: 0,
      costUnknown: false,
      lastStatus: "idle",
      runningTurn: null,
    });
    const kept = store.insertEntry(pg("kept", now - 90 * DAY)).seq;
    const gone = store.insertEntry(pg("deleted", now - 90 * DAY)).seq;
    const recent = store.insertEntry(pg("deleted", now)).seq;
    const result = pruneTraffic(store, { maxAgeDays: 30, maxMb: null }, undefined, now);
    expect(result.byAge).toBe(1);
    const left = store.entriesAfter(0, 100).map((e) => e.seq);
    expect(left).toEqual([kept, recent]);
    expect(left).not.toContain(gone);
  });
});
