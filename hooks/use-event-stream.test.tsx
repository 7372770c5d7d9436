// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { trafficKeys } from "@/lib/queries/traffic";
import { useEventStream } from "@/hooks/use-event-stream";
import { LiveIndicator } from "@/components/shell/live-indicator";
import { renderWithClient } from "@/components/mcp/workbench/test-support";

/** Plays the server of /api/stream: each fetch gets a stream the test writes frames into. */
class FakeStreamServer {
  readonly requests: { url: string; headers: Headers }[] = [];
  private controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  private encoder = new TextEncoder();
  status = 200;
  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    this.requests.push({ url, headers: new Headers(init.headers) });
    if (this.status !== 200) return new Response("{}", { status: this.status });
    const body = new ReadableStream<Uint8Array>({ start: (c) => void this.controllers.push(c) });
    init.signal?.addEventListener("abort", () => this.current.error(new DOMException("aborted", "AbortError")));
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  private get current() {
    return this.controllers[this.controllers.length - 1]!;
  }
  write(text: string) {
    this.current.enqueue(this.encoder.encode(text));
  }
  send(e: Entry) {
    // Split across chunks (and CRLF) as a real network may deliver it.
    const frame = `id: ${e.seq}\r\nevent: entry\r\ndata: ${JSON.stringify(e)}\r\n\r\n`;
    this.write(frame.slice(0, 17));
    this.write(frame.slice(17));
  }
  drop() {
    this.current.error(new TypeError("network error"));
  }
}

const entry = (seq: number): Entry => ({
  seq,
  connectionId: "a",
  sessionKey: null,
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "mcp",
  kind: "message",
  raw: { jsonrpc: "2.0", method: "ping", id: seq },
  rawBytes: 1,
});

function Probe() {
  return <LiveIndicator status={useEventStream()} />;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state = () => screen.getByTestId("live-indicator").getAttribute("data-state");

describe("useEventStream", () => {
  it("sends the token header, shows live / reconnecting and resumes with Last-Event-ID without duplicates", async () => {
    vi.useFakeTimers();
    window.localStorage.setItem("loupe.token", "s3cret");
    const server = new FakeStreamServer();
    vi.stubGlobal("fetch", server.fetch);
    const { client } = renderWithClient(<Probe />);
    client.setQueryData(trafficKeys.list("a"), []);
    expect(state()).toBe("connecting");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // It reads `entries` events (a run of a relay's frames), so it asks for them.
    expect(server.requests[0]!.url).toBe("/api/stream?runs=1");
    expect(server.requests[0]!.headers.get("x-loupe-token")).toBe("s3cret");
    expect(server.requests[0]!.headers.has("last-event-id")).toBe(false);
    expect(state()).toBe("live");

    await act(async () => {
      server.write(":\n\n: ping\n\n");
      server.send(entry(1));
      server.send(entry(2));
      await vi.advanceTimersByTimeAsync(0);
      server.drop();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(state()).toBe("reconnecting");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers.get("last-event-id")).toBe("2");
    expect(server.requests[1]!.headers.get("x-loupe-token")).toBe("s3cret");
    // The server replays from Last-Event-ID; an overlap must not duplicate anything.
    await act(async () => {
      server.send(entry(2));
      server.send(entry(3));
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(client.getQueryData<Entry[]>(trafficKeys.list("a"))!.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(state()).toBe("live");
  });

  it("takes a run of entries from one `entries` event, drops what it already has, and resumes after the run's last seq", async () => {
    vi.useFakeTimers();
    const server = new FakeStreamServer();
    vi.stubGlobal("fetch", server.fetch);
    const { client } = renderWithClient(<Probe />);
    client.setQueryData(trafficKeys.list("a"), []);
    const { connectionId, sessionKey, sourceTime, direction, protocol, kind } = entry(0);
    const run = (seqs: number[]) =>
      `id: ${seqs.at(-1)}\nevent: entries\ndata: ${JSON.stringify({
        ...{ connectionId, sessionKey, sourceTime, direction, protocol, kind },
        rawBase: { jsonrpc: "2.0", method: "ping" },
        rawKey: "id",
        items: seqs.map((seq) => [seq, seq, 1, seq]),
      })}\n\n`;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      server.send(entry(1));
      server.write(run([2, 3, 4]));
      // Malformed: skipped, the stream goes on.
      server.write("event: entries\ndata: {not json\n\n");
      await vi.advanceTimersByTimeAsync(100);
      server.drop();
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(server.requests[1]!.headers.get("last-event-id")).toBe("4");
    await act(async () => {
      server.write(run([4, 5]));
      await vi.advanceTimersByTimeAsync(100);
    });
    const seen = client.getQueryData<Entry[]>(trafficKeys.list("a"))!;
    expect(seen.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(seen[2]).toEqual(entry(3));
  });

  it("takes a server whose numbering restarted (a new data dir) from its first entry, and refetches", async () => {
    vi.useFakeTimers();
    const server = new FakeStreamServer();
    vi.stubGlobal("fetch", server.fetch);
    const { client } = renderWithClient(<Probe />);
    client.setQueryData(trafficKeys.list("a"), []);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      server.send(entry(40));
      server.send(entry(41));
      await vi.advanceTimersByTimeAsync(100);
      server.drop();
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(server.requests[1]!.headers.get("last-event-id")).toBe("41");
    // Loupe restarted on an empty store: Last-Event-ID 41 is beyond it, so it replays from seq 1.
    await act(async () => {
      server.send(entry(1));
      server.send(entry(2));
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(client.getQueryData<Entry[]>(trafficKeys.list("a"))!.map((e) => e.seq)).toEqual(expect.arrayContaining([1, 2]));
    expect(client.getQueryState(trafficKeys.list("a"))!.isInvalidated).toBe(true);
    // And the next reconnect resumes from the new numbering.
    await act(async () => {
      server.drop();
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(server.requests[2]!.headers.get("last-event-id")).toBe("2");
  });

  it("shows offline when the server refuses the stream, and tries again", async () => {
    vi.useFakeTimers();
    const server = new FakeStreamServer();
    server.status = 401;
    vi.stubGlobal("fetch", server.fetch);
    renderWithClient(<Probe />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(state()).toBe("offline");
    server.status = 200;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(server.requests).toHaveLength(2);
    expect(state()).toBe("live");
  });
});
