// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { trafficKeys } from "@/lib/queries/traffic";
import { useEventStream } from "@/hooks/use-event-stream";
import { LiveIndicator } from "@/components/workbench/live-indicator";
import { renderWithClient } from "@/components/workbench/test-support";

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (ev: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  send(e: Entry) {
    this.listeners.get("entry")?.(new MessageEvent("entry", { data: JSON.stringify(e), lastEventId: String(e.seq) }));
  }
}

const entry = (seq: number): Entry => ({
  seq, connectionId: "a", sessionKey: null, receivedAt: seq, sourceTime: null, direction: "in",
  protocol: "mcp", kind: "message", raw: { jsonrpc: "2.0", method: "ping", id: seq }, rawBytes: 1,
});

function Probe() {
  return <LiveIndicator status={useEventStream()} />;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useEventStream", () => {
  it("shows live / reconnecting and writes each entry once, in order, after a reconnect replay", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
    const { client } = renderWithClient(<Probe />);
    client.setQueryData(trafficKeys.list("a"), []);
    const es = FakeEventSource.last!;
    expect(es.url).toBe("/api/stream");
    expect(screen.getByTestId("live-indicator").getAttribute("data-state")).toBe("connecting");

    act(() => es.open());
    expect(screen.getByTestId("live-indicator").getAttribute("data-state")).toBe("live");
    act(() => {
      es.send(entry(1));
      es.send(entry(2));
      es.drop();
    });
    expect(screen.getByTestId("live-indicator").getAttribute("data-state")).toBe("reconnecting");
    // The server replays from Last-Event-ID; an overlap must not duplicate anything.
    act(() => {
      es.open();
      es.send(entry(2));
      es.send(entry(3));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(client.getQueryData<Entry[]>(trafficKeys.list("a"))!.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(screen.getByTestId("live-indicator").getAttribute("data-state")).toBe("live");
  });
});
