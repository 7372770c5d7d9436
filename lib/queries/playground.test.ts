import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { Conversation } from "@/lib/contracts/playground";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { playgroundKeys } from "@/lib/queries/playground";
import { trafficKeys } from "@/lib/queries/traffic";

let seq = 0;
const entry = (kind: string, raw: unknown, connectionId = "conv-1", sessionKey: string | null = "col-1"): Entry => ({
  seq: ++seq,
  connectionId,
  sessionKey,
  receivedAt: seq,
  sourceTime: null,
  direction: "local",
  protocol: "playground",
  kind,
  raw,
  rawBytes: 10,
});

const conversation = (id: string, updatedAt: number, over: Partial<Conversation> = {}): Conversation => ({
  id,
  title: id,
  createdAt: 1,
  updatedAt,
  systemPrompt: "",
  servers: [],
  policy: "unless_read_only",
  toolPolicies: {},
  columns: [
    {
      id: "col-1",
      config: { provider: "scripted", model: "scripted", strict: false, maxSteps: 20 },
      status: "idle",
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
    },
  ],
  ...over,
});

describe("applyStreamEntries for playground entries", () => {
  it("appends to the open conversation's entries only, never to a traffic list of the same id", () => {
    const qc = new QueryClient();
    qc.setQueryData(playgroundKeys.entries("conv-1"), []);
    qc.setQueryData(trafficKeys.list("conv-1"), []);
    applyStreamEntries(qc, [entry("pg_user", { turn: 1, text: "hi" }), entry("pg_user", { turn: 1, text: "x" }, "conv-2")]);
    expect(qc.getQueryData<Entry[]>(playgroundKeys.entries("conv-1"))?.map((e) => e.kind)).toEqual(["pg_user"]);
    expect(qc.getQueryData(playgroundKeys.entries("conv-2"))).toBeUndefined();
    expect(qc.getQueryData(trafficKeys.list("conv-1"))).toEqual([]);
  });

  it("keeps the conversation list current: new, changed, column status, removed", () => {
    const qc = new QueryClient();
    qc.setQueryData(playgroundKeys.conversations(), [conversation("conv-1", 1)]);
    qc.setQueryData(playgroundKeys.entries("conv-1"), []);
    applyStreamEntries(qc, [entry("pg_conversation", { conversation: conversation("conv-2", 5) }, "conv-2", null)]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())?.map((c) => c.id)).toEqual(["conv-2", "conv-1"]);
    const running = { ...conversation("conv-1", 1).columns[0]!, status: "running" as const };
    applyStreamEntries(qc, [entry("pg_column", { column: running })]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())?.find((c) => c.id === "conv-1")?.columns[0]?.status).toBe(
      "running",
    );
    applyStreamEntries(qc, [entry("pg_column", { column: { ...running, id: "col-2" } })]);
    expect(
      qc
        .getQueryData<Conversation[]>(playgroundKeys.conversations())
        ?.find((c) => c.id === "conv-1")
        ?.columns.map((c) => c.id),
    ).toEqual(["col-1", "col-2"]);
    applyStreamEntries(qc, [entry("pg_column", { column: { ...running, id: "col-2" }, removed: true })]);
    expect(
      qc
        .getQueryData<Conversation[]>(playgroundKeys.conversations())
        ?.find((c) => c.id === "conv-1")
        ?.columns.map((c) => c.id),
    ).toEqual(["col-1"]);
    applyStreamEntries(qc, [entry("pg_conversation", { conversation: conversation("conv-1", 1), removed: true }, "conv-1", null)]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())?.map((c) => c.id)).toEqual(["conv-2"]);
    expect(qc.getQueryState(playgroundKeys.entries("conv-1"))).toBeUndefined();
  });

  it("ignores records that are not conversations or columns", () => {
    const qc = new QueryClient();
    qc.setQueryData(playgroundKeys.conversations(), [conversation("conv-1", 1)]);
    applyStreamEntries(qc, [entry("pg_conversation", { conversation: { id: 3 } }), entry("pg_column", "nope")]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())).toHaveLength(1);
  });
});
