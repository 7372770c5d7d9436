import "server-only";
import type { PauseAnswer, PauseMet } from "@/lib/contracts/testing";
import type { ReplayIO } from "@/lib/server/testing/driver";
import { inRecordedOrder } from "@/lib/suites/agent-turns";
import { errorMessage } from "@/lib/values";

/** Where a replay stands in its case's recorded answers, shared by its turns. */
export interface ReplayAnswers {
  readonly io: ReplayIO;
  readonly answers: readonly PauseAnswer[];
  /** How many recorded answers the replay has used. */
  answered: number;
  /** Every pause met, in order (the outcome's). */
  readonly pauses: PauseMet[];
}

export type AnsweredBatch<R> = { stop: true } | { stop: false; last: R | undefined; count: number };

/**
 * `promise`, or undefined as soon as `signal` aborts (review #14): a replay waiting on a run stops
 * at its case's timeout or the run's cancel, instead of waking later to answer the agent again.
 */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The requests an agent has pending at once (several interrupts of one step), answered in the order
 * the recording answered them: each reported to the runner (which fails the case on a pause it did
 * not expect), then answered with its recorded answer through `answer` — the protocol's own inbox
 * path, which throws when the peer refuses it. `stop` when the replay must end there (also once its
 * signal aborted: nothing is answered after the case's timeout).
 */
export async function answerPending<R>(
  state: ReplayAnswers,
  pending: readonly R[],
  metOf: (request: R) => PauseMet,
  answer: (request: R, recorded: unknown) => Promise<R>,
): Promise<AnsweredBatch<R>> {
  let last: R | undefined;
  let count = 0;
  for (const request of inRecordedOrder(pending, state.answers.slice(state.answered), metOf)) {
    if (state.io.signal.aborted) return { stop: true };
    count++;
    const met = metOf(request);
    state.pauses.push(met);
    const reply = state.io.pause(met);
    // The runner may have ended the case while this replay waited: a pause is never answered after.
    if (!reply.ok || state.io.signal.aborted) return { stop: true };
    state.answered = reply.index + 1;
    try {
      last = await answer(request, reply.answer);
    } catch (e) {
      state.io.refused(reply.index, errorMessage(e));
      return { stop: true };
    }
  }
  return { stop: false, last, count };
}
