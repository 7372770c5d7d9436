import type { PauseAnswer, PauseMet } from "@/lib/contracts/testing";

/**
 * The scripted human (issue 24): a replay's pauses are answered from the case's recorded answers,
 * in order. A pause the case did not expect (one too many, another kind, about another thing), an
 * answer the peer refused, or a recorded pause that never came fails the case — in words.
 */

export type ScriptReply = { ok: true; index: number; answer: unknown } | { ok: false; reason: string };

const describe = (p: { kind: string; key?: string }) => (p.key ? `${p.kind} (${p.key})` : p.kind);

export class PauseScript {
  private next = 0;
  readonly failures: string[] = [];

  /**
   * `recordedPauses`: how many pauses the recording met. More than it has answers when the recording
   * left one unanswered (or an answer could not be rebuilt): the answers stop there (agentCaseBody),
   * and a replay that reaches that pause is told so, not that the pause was unexpected (review #13).
   */
  constructor(
    private readonly answers: readonly PauseAnswer[],
    private readonly recordedPauses = answers.length,
  ) {}

  /** The answer to the pause just met, or why the case fails here (kept in `failures`). */
  answer(met: PauseMet): ScriptReply {
    const index = this.next;
    const expected = this.answers[index];
    const ordinal = `pause ${index + 1}`;
    if (!expected && index < this.recordedPauses) {
      return this.refuse(
        `${ordinal}: the peer paused for ${describe(met)}, which the recording met but the case has no answer for (it keeps ${this.answers.length} of its ${this.recordedPauses} pauses' answers: one was left unanswered, could not be rebuilt, or was removed)`,
      );
    }
    if (!expected) {
      return this.refuse(
        `${ordinal}: the peer paused for ${describe(met)}, which the case did not expect (it recorded ${this.answers.length} pause${this.answers.length === 1 ? "" : "s"})`,
      );
    }
    if (expected.kind !== met.kind || (expected.key !== undefined && met.key !== undefined && expected.key !== met.key)) {
      return this.refuse(`${ordinal}: the peer paused for ${describe(met)} where the case expected ${describe(expected)}`);
    }
    this.next++;
    return { ok: true, index, answer: expected.answer };
  }

  /** The peer refused the answer given at pause `index`. */
  refused(index: number, reason: string): void {
    this.failures.push(`pause ${index + 1}: the peer refused the recorded answer: ${reason}`);
  }

  /** After the replay: recorded pauses that never came (only when nothing failed before them). */
  finish(): string[] {
    const left = this.answers.length - this.next;
    if (left > 0 && this.failures.length === 0) {
      const kinds = this.answers.slice(this.next).map(describe).join(", ");
      this.failures.push(`${left} recorded pause${left === 1 ? "" : "s"} never came: ${kinds}`);
    }
    return this.failures;
  }

  private refuse(reason: string): ScriptReply {
    this.failures.push(reason);
    return { ok: false, reason };
  }
}
