"use client";

import { NativeSelect } from "@/components/ui/native-select";
import { ProtocolEraSetting } from "@/lib/contracts/connections";
import { Field } from "@/components/elements/field";

const ERA_LABEL: Record<ProtocolEraSetting, string> = {
  auto: "Auto — 2026-07-28 when the server offers it, else 2025-11-25",
  "2025-11-25": "2025-11-25 — initialize handshake only",
  "2026-07-28": "2026-07-28 — stateless, no fallback",
};

/** The connection's MCP revision: auto-negotiated (server/discover first) or pinned, like the official inspector's pin. */
export function ProtocolEraField({ value, onChange }: { value: ProtocolEraSetting; onChange: (era: ProtocolEraSetting) => void }) {
  return (
    <Field id="protocolEra" label="Protocol era" hint="A pinned era never falls back (no server/discover probe when pinned to 2025-11-25)">
      <NativeSelect
        id="protocolEra"
        data-testid="protocol-era"
        className="text-xs"
        value={value}
        onChange={(e) => onChange(ProtocolEraSetting.parse(e.target.value))}
      >
        {ProtocolEraSetting.options.map((era) => (
          <option key={era} value={era}>
            {ERA_LABEL[era]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
