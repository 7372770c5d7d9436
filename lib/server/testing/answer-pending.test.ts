import { describe, expect, it } from "vitest";
import { answerPending, unlessAborted, type ReplayAnswers } from "@/lib/server/testing/answer-pending";
import { stoppedAtFirstPause } from "@/tests/support/replay-io";

describe("a replay stopped at its case's timeout (review #14)", () => {
  it("stops waiting on a run at once, and still gets a run that ends first", async () => {
    const stop = new AbortController();
    const never = new Promise<string>(() => undefined);
    const waiting = unlessAborted(never, stop.signal);
    stop.abort("timeout");
    await expect(waiting).resolves.toBeUndefined();
    await expect(unlessAborted(Promise.resolve("ended"), new AbortController().signal)).resolves.toBe("ended");
    await expect(unlessAborted(never, stop.signal)).resolves.toBeUndefined();
  });

  it("answers no pause once the case was stopped, even one the script answered", async () => {
    const { io, met } = stoppedAtFirstPause("yes");
    const state: ReplayAnswers = { io, answers: [{ kind: "interrupt", request: null, answer: "yes" }], answered: 0, pauses: [] };
    const sent: string[] = [];
    const batch = await answerPending(
      state,
      ["first", "second"],
      () => ({ kind: "interrupt", request: null }),
      (r) => {
        sent.push(r);
        return Promise.resolve(r);
      },
    );
    expect(batch).toEqual({ stop: true });
    expect(met).toHaveLength(1);
    expect(sent).toEqual([]);
  });
});
