/** How much a change matters to whoever uses the server: breaking first, cosmetic last. */
export const CHANGE_KINDS = ["breaking", "addition", "change", "cosmetic"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One difference between two surfaces: where (a JSON path into the snapshot) and what, in a sentence. */
export interface SurfaceChange {
  kind: ChangeKind;
  /** `$.tools["add"].inputSchema.properties["b"].type` */
  path: string;
  message: string;
}

/** `base["key"]` for any key, `.key` when it reads as a name. */
export function at(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** A key that names an item (`tools["add"]`): always bracketed, so a name with dots stays one step. */
export function item(base: string, key: string): string {
  return `${base}[${JSON.stringify(key)}]`;
}

/** A short rendering of a value for a sentence. */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Breaking first, then additions, changes and cosmetic ones; by path within a kind. */
export function orderChanges(changes: SurfaceChange[]): SurfaceChange[] {
  return [...changes].sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind) || a.path.localeCompare(b.path));
}
