// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { agentKeys } from "@/lib/queries/agents";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { useAgentSession } from "@/hooks/use-agent-session";
import { fetchRouter } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REF = { agentId: "ag", appName: "demo", userId: "u1", sessionId: "s1" };
const KEY = "demo/u1/s1";

const ev = (id: string, inv: string, author: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  invocationId: inv,
  author,
  timestamp: 1795257092,
  content: { role: author === "user" ? "user" : "model", parts: [{ text }] },
  actions: { stateDelta: {}, artifactDelta: {} },
  longRunningToolIds: [],
  ...extra,
});

function live(seq: number, kind: string, raw: unknown): Entry {
  return {
    seq,
    connectionId: "ag",
    sessionKey: KEY,
    receivedAt: 2_000_000 + seq,
    sourceTime: null,
    direction: kind === "user_message" ? "out" : "in",
    protocol: "adk",
    kind,
    raw,
    rawBytes: 1,
  };
}

function setup(storedEvents: () => unknown[]) {
  const router = fetchRouter({
    "GET /api/agents/ag/apps/demo/sessions/s1": () => ({
      id: "s1",
      appName: "demo",
      userId: "u1",
      state: { seeded: true, count: 2 },
      events: storedEvents(),
      lastUpdateTime: 1,
    }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useAgentSession(REF), { wrapper });
  return { client, router, hook };
}

const texts = (tl: ReturnType<typeof useAgentSession>["timeline"]) =>
  tl!.entries.map((e) => [e.event.author, e.event.parts.map((p) => (p.kind === "text" ? p.text : p.kind)).join(""), e.streaming]);

describe("useAgentSession", () => {
  it("builds from the stored session, then folds in the user's message, partials and the final event", async () => {
    const stored = [
      ev("a", "e-1", "user", "hello"),
      ev("b", "e-1", "agent", "hi there", { actions: { stateDelta: { count: 2 }, artifactDelta: {} } }),
    ];
    const { client, hook } = setup(() => stored);
    await waitFor(() => expect(hook.result.current.timeline).not.toBeNull());
    expect(texts(hook.result.current.timeline)).toEqual([
      ["user", "hello", false],
      ["agent", "hi there", false],
    ]);
    // Only the keys no event wrote count as initial state.
    expect(hook.result.current.timeline!.initialState).toEqual({ seeded: true });
    expect(hook.result.current.timeline!.state).toEqual({ seeded: true, count: 2 });

    act(() => {
      applyStreamEntries(client, [
        live(10, "user_message", { runId: "r1", newMessage: { role: "user", parts: [{ text: "weather?" }] } }),
        live(11, "event", { ...ev("p1", "e-2", "agent", "It is "), partial: true }),
      ]);
    });
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(4));
    const first = hook.result.current.timeline!;
    expect(texts(first).slice(2)).toEqual([
      ["user", "weather?", false],
      ["agent", "It is ", true],
    ]);

    act(() => {
      applyStreamEntries(client, [live(12, "event", { ...ev("p2", "e-2", "agent", "sunny"), partial: true })]);
    });
    await waitFor(() => expect(texts(hook.result.current.timeline)[3]).toEqual(["agent", "It is sunny", true]));
    // Incremental: the same timeline collections, a new top-level object per version.
    expect(hook.result.current.timeline!.entries).toBe(first.entries);
    expect(hook.result.current.timeline!.version).toBeGreaterThan(first.version);

    act(() => {
      applyStreamEntries(client, [
        live(13, "event", ev("c", "e-2", "agent", "It is sunny.")),
        live(14, "stream_error", { error: "ValueError: boom" }),
      ]);
    });
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(5));
    const tl = hook.result.current.timeline!;
    expect(texts(tl)[3]).toEqual(["agent", "It is sunny.", false]);
    expect(tl.entries[4]!.event.shape).toBe("stream_error");
    expect(tl.entries[4]!.items[0]).toMatchObject({ kind: "error", message: "ValueError: boom" });
  });

  it("rebuilds from the refetched stored session and replays only the live entries after it", async () => {
    let stored: unknown[] = [ev("a", "e-1", "user", "hello")];
    const { client, hook } = setup(() => stored);
    await waitFor(() => expect(hook.result.current.timeline).not.toBeNull());
    act(() => {
      applyStreamEntries(client, [
        live(20, "user_message", { runId: "r1", newMessage: { role: "user", parts: [{ text: "again" }] } }),
        live(21, "event", ev("b", "e-2", "agent", "answer")),
      ]);
    });
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(3));

    // The run ended: the server now stores the user's event (with its real id) and the answer.
    stored = [ev("a", "e-1", "user", "hello"), ev("u2", "e-2", "user", "again"), ev("b", "e-2", "agent", "answer")];
    await act(() => client.refetchQueries({ queryKey: agentKeys.stored("ag", KEY) }));
    await waitFor(() => expect(hook.result.current.timeline!.byEventId.has("u2")).toBe(true));
    expect(texts(hook.result.current.timeline)).toEqual([
      ["user", "hello", false],
      ["user", "again", false],
      ["agent", "answer", false],
    ]);

    act(() => {
      applyStreamEntries(client, [live(22, "event", { ...ev("p", "e-3", "agent", "more"), partial: true })]);
    });
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(4));
    expect(texts(hook.result.current.timeline)[3]).toEqual(["agent", "more", true]);
  });

  it("does not show a user message twice when a refetch races the next run", async () => {
    const sentAt = 1_795_257_100_000;
    let stored: unknown[] = [ev("a", "e-1", "user", "hello")];
    let during: (() => void) | null = null;
    const { client, hook } = setup(() => {
      during?.();
      during = null;
      return stored;
    });
    await waitFor(() => expect(hook.result.current.timeline).not.toBeNull());
    // The refetch after the previous run starts; before the agent answers it, the next run begins
    // and the agent already stored its user event, which the snapshot therefore contains.
    stored = [ev("a", "e-1", "user", "hello"), ev("u2", "e-2", "user", "next", { timestamp: sentAt + 3 })];
    const message = live(30, "user_message", { runId: "r2", newMessage: { role: "user", parts: [{ text: "next" }] } });
    during = () => applyStreamEntries(client, [{ ...message, receivedAt: sentAt }]);
    await act(() => client.refetchQueries({ queryKey: agentKeys.stored("ag", KEY) }));
    await waitFor(() => expect(hook.result.current.timeline!.byEventId.has("u2")).toBe(true));
    await waitFor(() => expect(hook.result.current.liveEntries).toHaveLength(1));
    expect(texts(hook.result.current.timeline)).toEqual([
      ["user", "hello", false],
      ["user", "next", false],
    ]);
  });

  it("keeps what the server streamed but did not store after the stored session is re-read", async () => {
    const t0 = 1_795_257_092_000;
    let body: Record<string, unknown> = { events: [ev("a", "e-1", "user", "hello", { timestamp: t0 / 1000 })], unstored: [] };
    const router = fetchRouter({
      "GET /api/agents/ag/apps/demo/sessions/s1": () => ({
        id: "s1",
        appName: "demo",
        userId: "u1",
        state: {},
        lastUpdateTime: 1,
        ...body,
      }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useAgentSession(REF), { wrapper });
    await waitFor(() => expect(hook.result.current.timeline).not.toBeNull());
    const broken = { seq: 41, kind: "malformed", receivedAt: t0 + 2000, raw: { text: "{not json", error: "Unexpected token" } };
    const failed = { seq: 42, kind: "stream_error", receivedAt: t0 + 2001, raw: { error: "RuntimeError: gone" } };
    act(() => {
      applyStreamEntries(client, [
        live(40, "event", ev("b", "e-2", "agent", "working", { timestamp: (t0 + 1000) / 1000 })),
        { ...live(41, "malformed", broken.raw), receivedAt: broken.receivedAt },
        { ...live(42, "stream_error", failed.raw), receivedAt: failed.receivedAt },
      ]);
    });
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(4));

    // The run ended and the stored session is read again: it has only the real events.
    body = {
      events: [
        ev("a", "e-1", "user", "hello", { timestamp: t0 / 1000 }),
        ev("b", "e-2", "agent", "working", { timestamp: (t0 + 1000) / 1000 }),
      ],
      unstored: [broken, failed],
    };
    await act(() => client.refetchQueries({ queryKey: agentKeys.stored("ag", KEY) }));
    await waitFor(() => expect(hook.result.current.timeline!.entries).toHaveLength(4));
    const tl = hook.result.current.timeline!;
    expect(tl.entries.map((e) => e.event.shape)).toEqual(["event", "event", "unrecognized", "stream_error"]);
    expect(tl.entries[2]!.event.raw).toBe("{not json");
    expect(tl.entries[2]!.items[0]).toMatchObject({ kind: "unrecognized", reason: "malformed frame (Unexpected token)", raw: "{not json" });
    expect(tl.entries[3]!.items[0]).toMatchObject({ kind: "error", message: "RuntimeError: gone" });
  });
});
