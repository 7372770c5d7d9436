/** The command palette's "Search sessions…" item opens the dialog through this event (no shared state between the two). */
export const OPEN_SESSION_SEARCH = "loupe:open-session-search";

export function openSessionSearch(): void {
  window.dispatchEvent(new Event(OPEN_SESSION_SEARCH));
}
