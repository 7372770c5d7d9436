/** What changed after a tool ran (or a fixture asked for a list change). */
export interface ResourceChange {
  /** URIs whose content changed. */
  updated: string[];
  /** Resources came or went. */
  listChanged: boolean;
  toolsChanged?: boolean;
  promptsChanged?: boolean;
}

/**
 * Fans changes out to every live server instance of the process (a stdio connection, each
 * 2025-11-25 HTTP session) and to the HTTP front's 2026-07-28 subscriptions/listen bus. A change
 * made through one session is news to all of them, because they share one DemoState.
 */
export class ChangeHub {
  private readonly listeners = new Set<(change: ResourceChange) => void>();

  listen(listener: (change: ResourceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: ResourceChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // One closed instance must not stop the others from hearing about the change.
      }
    }
  }

  /** Emits the difference between two resource fingerprint maps, if any. */
  compare(before: Map<string, string>, after: Map<string, string>): void {
    const updated = [...after].filter(([uri, print]) => before.get(uri) !== print).map(([uri]) => uri);
    const listChanged = before.size !== after.size || [...after.keys()].some((uri) => !before.has(uri));
    if (updated.length > 0 || listChanged) this.emit({ updated, listChanged });
  }
}
