import type { InboxItem, InterruptAnswer } from "@/lib/contracts/agents";

/** One kind of inbox item, narrowed. */
export type ItemOf<K extends InboxItem["kind"]> = Extract<InboxItem, { kind: K }>;

/** What every answer form gets from the card. */
export interface AnswerFormProps<K extends InboxItem["kind"]> {
  item: ItemOf<K>;
  onAnswer: (answer: InterruptAnswer) => void;
  /** An answer is on its way: every button disabled. */
  busy: boolean;
  /** Read-only details collapsed (the card sits inside a timeline). */
  compact: boolean;
  /** Loupe's last stored answer, to pre-fill the form after a failed send instead of retyping. */
  previous?: InterruptAnswer;
}

/** The previous answer when it is of kind `K`. */
export function previousOf<K extends InterruptAnswer["kind"]>(
  previous: InterruptAnswer | undefined,
  kind: K,
): Extract<InterruptAnswer, { kind: K }> | undefined {
  return previous?.kind === kind ? (previous as Extract<InterruptAnswer, { kind: K }>) : undefined;
}
