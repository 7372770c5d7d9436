/**
 * One place the command palette can jump to (or an action). Each protocol builds its own items
 * (lib/workbench/<protocol>.ts: `K` its kinds, `T` the location patch it opens); the palette
 * (components/command-palette/) lists every protocol's, then the core ones.
 */
export interface PaletteItem<K extends string = string, T = object> {
  /** Unique among the items, also the option's DOM id suffix. */
  id: string;
  kind: K;
  /** A name as the server or agent gave it (shown with hidden characters spelled out). */
  label: string;
  detail: string;
  /** The same patch the sidebar, app picker or inbox would navigate with. */
  target: T;
  /** After navigating: the element to focus (an inbox card). */
  focusSelector?: string;
  /** An inbox row's DOM key: the (virtualized) inbox scrolls it into its window first. */
  inboxKey?: string;
  /** An action instead of a place (e.g. "Search sessions…" opens its dialog); `target` is then unused. */
  run?: () => void;
}
