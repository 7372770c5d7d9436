import type { KeyValueRow } from "@/components/elements/key-value-rows";

/** One header row of a peer dialog, as typed. */
export type HeaderRow = KeyValueRow;

/** A saved peer's headers as rows. Values arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function headerRowsOf(headers: Readonly<Record<string, string>> | undefined): HeaderRow[] {
  return Object.entries(headers ?? {}).map(([key, value]) => ({ key, value }));
}

/**
 * The header rows of a peer dialog as a header map: a blank row is skipped, a value without a
 * name is the error. Shared by every peer dialog (ADK, A2A, AG-UI).
 */
export function headersFromRows(rows: readonly HeaderRow[]): { headers: Record<string, string>; error?: string } {
  const headers: Record<string, string> = {};
  let error: string | undefined;
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && !row.value) continue;
    if (!key) error = "Every header needs a name";
    else headers[key] = row.value;
  }
  return error ? { headers, error } : { headers };
}
