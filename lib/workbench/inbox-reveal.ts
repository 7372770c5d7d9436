/**
 * The inbox list is virtualized: a row far down is not in the DOM until scrolled to. The command
 * palette asks for a row here before it navigates; the list scrolls it into its window when it
 * holds it (now, or once it mounts), so the palette's focus finds it.
 */
let pending: string | null = null;
/** A mounted list's reveal: true when it holds the row (and scrolled to it). */
type Listener = (domKey: string) => boolean;
const listeners = new Set<Listener>();

export function requestInboxReveal(domKey: string): void {
  // Kept for a list that mounts (or loads the row) later, unless a mounted one had it.
  pending = [...listeners].some((reveal) => reveal(domKey)) ? null : domKey;
}

/** The key asked for and not yet revealed, taken by the list that reveals it. */
export function takePendingReveal(has: (domKey: string) => boolean): string | null {
  if (pending === null || !has(pending)) return null;
  const key = pending;
  pending = null;
  return key;
}

export function onInboxReveal(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
