/**
 * Answering a replayed agent's pauses from a case's recorded answers (issue 24), the same for every
 * protocol: the pauses of a turn are met in the recorded order; each one the agent makes takes the
 * next recorded answer when it pauses on the same kind and site, and anything else is a problem in
 * words — a pause the case did not expect, or a recorded one that never came.
 */
import type { PauseSite, RecordedPause } from "@/lib/contracts/agent-cases";

export function describePause(p: PauseSite): string {
  return p.name === "" ? p.kind : `${p.kind} on ${p.name}`;
}

export type PauseStep = { ok: true; answer: unknown } | { ok: false; problem: string };

export class PauseScript {
  private next = 0;

  constructor(
    private readonly expected: readonly RecordedPause[],
    /** Names the turn in sentences ("turn 2"). */
    private readonly turn: string,
  ) {}

  /** The recorded answer for the pause the agent just made, or why there is none. */
  answer(seen: PauseSite): PauseStep {
    const want = this.expected[this.next];
    if (want === undefined) {
      const had = this.expected.length === 0 ? "no pause" : `only ${this.expected.length} pause${this.expected.length === 1 ? "" : "s"}`;
      return {
        ok: false,
        problem: `In ${this.turn} the agent paused for ${describePause(seen)}, which the case did not expect (it recorded ${had}).`,
      };
    }
    if (want.kind !== seen.kind || want.name !== seen.name) {
      return {
        ok: false,
        problem: `In ${this.turn} the agent paused for ${describePause(seen)} where the case expected ${describePause(want)} (pause ${this.next + 1}).`,
      };
    }
    this.next += 1;
    return { ok: true, answer: want.answer };
  }

  /** Sentences for the recorded pauses that never came (call once the turn is over). */
  missing(): string[] {
    return this.expected
      .slice(this.next)
      .map((p, i) => `In ${this.turn} the recorded pause ${this.next + i + 1} (${describePause(p)}) never came.`);
  }
}
