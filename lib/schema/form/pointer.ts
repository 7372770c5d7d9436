import { isRecord } from "@/lib/values";
/** JSON pointers (RFC 6901): how values, errors and field test ids are addressed. */

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `joinPointer("/edits", 1)` → `/edits/1`. */
export function joinPointer(base: string, token: string | number): string {
  return `${base}/${escapePointerToken(String(token))}`;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapePointerToken);
}

/** Kept under its schema-form name for the form modules; the one definition is lib/values. */
export const isPlainObject = isRecord;

/** Follows a pointer inside any JSON value; `undefined` when a step is missing. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isPlainObject(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/** A shallow copy of `object` without `key`. */
export function withoutKey<T extends Record<string, unknown>>(object: T, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  delete copy[key];
  return copy;
}
