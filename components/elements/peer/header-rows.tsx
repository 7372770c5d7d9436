import { KeyValueRows } from "@/components/elements/key-value-rows";
import type { HeaderRow } from "./header-draft";

/**
 * A peer's header rows. Values are password inputs: headers to a peer are usually credentials;
 * a stored one comes back masked and is kept while left untouched.
 */
export function HeaderRows({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  return <KeyValueRows label="header" rows={rows} onChange={onChange} keyPlaceholder="Authorization" secret rowTestId="agent-header-row" />;
}
