import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { findInputOrigin, groupMrtrRounds } from "./mrtr-rounds";
import { pairTraffic, type RequestRow } from "./pairing";

// Frames recorded from tests/fixtures/mrtr-server.mjs (2026-07-28) driven by the SDK v2 client:
// confirm-order (1 round), plan-trip (2 rounds, requestState), two concurrent state-check calls
// with the same arguments, prompts/get greeting (1 round), slow-report (no MRTR).
interface WireFrame {
  t: number;
  dir: "c->s" | "s->c";
  msg: Record<string, unknown>;
}
const FRAMES = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/mrtr-wire.json"), "utf8")) as WireFrame[];

function entries(frames: WireFrame[] = FRAMES, connectionId = "c1"): Entry[] {
  return frames.map((f, i) => ({
    seq: i + 1,
    connectionId,
    sessionKey: null,
    receivedAt: f.t,
    sourceTime: null,
    direction: f.dir === "c->s" ? "out" : "in",
    protocol: "mcp",
    kind: "message",
    raw: f.msg,
    rawBytes: JSON.stringify(f.msg).length,
  }));
}

const summary = (es: Entry[]) =>
  groupMrtrRounds(pairTraffic(es)).chains.map((c) => [c.method, c.target, c.legs.map((l) => l.id), c.rounds, c.outcome]);

describe("groupMrtrRounds on a recorded 2026-07-28 session", () => {
  it("groups the legs of each logical request and leaves single requests out", () => {
    expect(summary(entries())).toEqual([
      ["tools/call", "confirm-order", [0, 1], 1, "complete"],
      ["tools/call", "plan-trip", [2, 3, 4], 2, "complete"],
      ["tools/call", "state-check", [5, 7], 1, "complete"],
      ["tools/call", "state-check", [6, 8], 1, "complete"],
      ["prompts/get", "greeting", [9, 10], 1, "complete"],
    ]);
  });

  it("says per leg what the server asked, what the retry answered and the requestState both ways", () => {
    const trip = groupMrtrRounds(pairTraffic(entries())).chains[1]!;
    const [first, second, third] = trip.legs;
    expect(first).toMatchObject({ leg: 1, outcome: "input_required", answeredKeys: [], echoedState: undefined, mintedState: undefined });
    expect(first!.asks).toEqual([{ key: "destination", method: "elicitation/create", summary: "Where should the 2-day trip go?" }]);
    expect(second).toMatchObject({ leg: 2, outcome: "input_required", answeredKeys: ["destination"], stateMismatch: false });
    expect(second!.asks).toEqual([{ key: "itinerary", method: "sampling/createMessage", summary: "Plan 2 days in Lyon" }]);
    expect(second!.mintedState).toMatch(/^v1\./);
    expect(third).toMatchObject({
      leg: 3,
      outcome: "complete",
      answeredKeys: ["itinerary"],
      echoedState: second!.mintedState,
      stateMismatch: false,
    });
  });

  it("matches concurrent retries of identical calls by the requestState they echo, not by order", () => {
    // Swap the two state-check retries (ids 7 and 8, with their responses) so the second call retries first.
    const idx = (id: number, dir: string) => FRAMES.findIndex((f) => f.msg.id === id && f.dir === dir);
    const swapped = [...FRAMES];
    const [a, b, c, d] = [idx(7, "c->s"), idx(7, "s->c"), idx(8, "c->s"), idx(8, "s->c")];
    [swapped[a], swapped[b], swapped[c], swapped[d]] = [FRAMES[c]!, FRAMES[d]!, FRAMES[a]!, FRAMES[b]!];
    for (const frames of [FRAMES, swapped]) {
      const chains = groupMrtrRounds(pairTraffic(entries(frames))).chains.filter((ch) => ch.target === "state-check");
      expect(chains.map((ch) => ch.legs.map((l) => l.id))).toEqual([
        [5, 7],
        [6, 8],
      ]);
      expect(chains.every((ch) => ch.legs[1]!.echoedState === ch.legs[0]!.mintedState && !ch.legs[1]!.stateMismatch)).toBe(true);
    }
  });

  it("flags a retry whose requestState is not the one the server minted", () => {
    const tampered = FRAMES.map((f) =>
      f.dir === "c->s" && f.msg.id === 4
        ? { ...f, msg: { ...f.msg, params: { ...(f.msg.params as object), requestState: "v1.forged" } } }
        : f,
    );
    const trip = groupMrtrRounds(pairTraffic(entries(tampered))).chains.find((c) => c.target === "plan-trip")!;
    expect(trip.legs.map((l) => l.id)).toEqual([2, 3, 4]);
    expect(trip.legs[2]).toMatchObject({ echoedState: "v1.forged", stateMismatch: true });
  });

  it("keeps connections apart and indexes every leg's row", () => {
    const two = [...entries(FRAMES, "a"), ...entries(FRAMES, "b").map((e) => ({ ...e, seq: e.seq + 1000 }))];
    const index = groupMrtrRounds(pairTraffic(two));
    expect(index.chains).toHaveLength(10);
    expect(index.chains.every((c) => c.legs.every((l) => index.byRow.get(l.rowKey)?.chain === c))).toBe(true);
    expect(new Set(index.chains.map((c) => c.connectionId))).toEqual(new Set(["a", "b"]));
  });
});

describe("findInputOrigin", () => {
  const upTo = (id: number) => entries(FRAMES.slice(0, FRAMES.findIndex((f) => f.dir === "s->c" && f.msg.id === id) + 1));
  const origin = (es: Entry[], key: string, method: string, params?: Record<string, unknown>) => {
    const rows = pairTraffic(es);
    const byKey = new Map(rows.filter((r): r is RequestRow => r.type === "request").map((r) => [r.key, r]));
    return findInputOrigin(groupMrtrRounds(rows), { key, method, params }, byKey);
  };

  it("names the waiting call and the round while its input request is open", () => {
    expect(origin(upTo(0), "confirm", "elicitation/create")).toMatchObject({ firstId: 0, round: 1 });
    expect(origin(upTo(3), "itinerary", "sampling/createMessage")).toMatchObject({ firstId: 2, round: 2 });
    // Once retried, the round is answered: nothing waits on that key any more.
    expect(origin(upTo(1), "confirm", "elicitation/create")).toBeUndefined();
    expect(origin(upTo(3), "destination", "elicitation/create")).toBeUndefined();
  });

  it("names none between two calls asking the same thing, unless the params tell them apart", () => {
    expect(origin(upTo(6), "ack", "elicitation/create")).toBeUndefined();
    const params = (
      FRAMES.find((f) => f.dir === "s->c" && f.msg.id === 5)!.msg.result as { inputRequests: { ack: { params: Record<string, unknown> } } }
    ).inputRequests.ack.params;
    // Identical params: still ambiguous.
    expect(origin(upTo(6), "ack", "elicitation/create", params)).toBeUndefined();
    expect(origin(upTo(6), "ack", "elicitation/create", { ...params, message: "something else" })).toBeUndefined();
  });

  it("does not mistake a key of another method", () => {
    expect(origin(upTo(0), "confirm", "sampling/createMessage")).toBeUndefined();
  });
});
