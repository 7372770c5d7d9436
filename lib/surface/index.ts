/** Surface snapshots and diffs (issue 24): the file format, reading a server's lists whole, and the diff. Pure but for the client handed to `collectSurface`. */
export {
  canonical,
  makeSnapshot,
  parseSnapshot,
  snapshotText,
  surfaceCounts,
  SURFACE_FORMAT,
  SURFACE_FORMAT_VERSION,
  SURFACE_LISTS,
  SurfaceSnapshot,
} from "./snapshot";
export type { ParsedSnapshot, SurfaceItem, SurfaceList } from "./snapshot";
export { collectSurface, MAX_ITEMS, MAX_PAGES } from "./collect";
export type { SurfaceClient } from "./collect";
export { diffSurfaces, diffText } from "./diff";
export type { SurfaceDiff } from "./diff";
export { CHANGE_KINDS } from "./changes";
export type { ChangeKind, SurfaceChange } from "./changes";
