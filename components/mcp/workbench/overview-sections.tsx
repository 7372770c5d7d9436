"use client";

import { Badge } from "@/components/ui/badge";
import { SafeMarkdown } from "@/components/ui/safe-markdown";
import type { ConnectionView } from "@/lib/contracts/connections";

/** The capabilities the server declared, one chip per extension name. */
export function CapabilitiesSection({ connection: c }: { connection: ConnectionView }) {
  const caps = Object.entries(c.state.capabilities ?? {});
  return (
    <section>
      <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Capabilities</h3>
      <div className="flex flex-wrap gap-1.5" data-testid="capabilities">
        {caps.length === 0 && <span className="text-xs text-muted-foreground">None reported</span>}
        {caps.map(([name, value]) =>
          // A bare "extensions" chip hid which ones (Tasks, MCP Apps…): one chip per extension name.
          name === "extensions" && value && typeof value === "object" && Object.keys(value).length > 0 ? (
            Object.entries(value).map(([ext, settings]) => (
              <Badge
                key={`ext:${ext}`}
                variant="secondary"
                title={JSON.stringify(settings)}
                data-testid="capability-extension"
                data-extension={ext}
              >
                extension · {ext}
              </Badge>
            ))
          ) : (
            <Badge key={name} variant="secondary" title={JSON.stringify(value)}>
              {name}
              {capabilityFlags(value)}
            </Badge>
          ),
        )}
      </div>
    </section>
  );
}

/** The server's instructions (markdown) and, for a stdio server, the last stderr lines. */
export function ServerTextSections({ connection: c }: { connection: ConnectionView }) {
  const s = c.state;
  return (
    <>
      {s.instructions && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Instructions</h3>
          <div className="rounded-md border bg-muted/30 p-3 text-sm leading-relaxed [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_li]:list-disc [&_p]:mb-2 [&_pre]:overflow-x-auto">
            <SafeMarkdown>{s.instructions}</SafeMarkdown>
          </div>
        </section>
      )}
      {c.transport === "stdio" && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">stderr (last lines)</h3>
          <pre
            className="max-h-64 overflow-auto rounded-md border bg-muted/30 p-2 font-mono text-xs whitespace-pre-wrap"
            data-testid="stderr-tail"
          >
            {s.stderrTail.length ? s.stderrTail.join("\n") : "(nothing written to stderr)"}
          </pre>
        </section>
      )}
    </>
  );
}

/** Sub-flags such as listChanged / subscribe, shown inside the capability badge. */
function capabilityFlags(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  const flags = Object.entries(value)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  return flags.length ? ` · ${flags.join(", ")}` : "";
}
