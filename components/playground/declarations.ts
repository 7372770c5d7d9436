/**
 * A preview of the tool declarations a column's provider will receive, before anything is sent
 * (pure). It follows the server's rule (lib/server/playground/providers/declare-tools.ts):
 * Portability's output for the provider's target, names normalized by the provider's rules and
 * namespaced `server__tool` when two selected servers offer the same name. Once a request has
 * gone out, its pg_model_request (toolMap, findings) is the record of what was really sent.
 */
import type { PlaygroundProvider } from "@/lib/contracts/playground";
import { analyzeTool, namespaced, normalizeName, verdictOf } from "@/lib/schema/portability";
import type { Finding, Verdict } from "@/lib/schema/portability";
import { portabilityTarget } from "@/components/playground/labels";

export interface PreviewSource {
  connectionId: string;
  connectionName: string;
  name: string;
  inputSchema?: unknown;
}

export interface PreviewDeclaration {
  /** The name the model will see. */
  name: string;
  connectionId: string;
  connectionName: string;
  tool: string;
  findings: Finding[];
  verdict: Verdict;
  /** Namespaced because another selected server offers the same name. */
  namespaced: boolean;
}

export function previewDeclarations(provider: PlaygroundProvider, strict: boolean, tools: readonly PreviewSource[]): PreviewDeclaration[] {
  const target = portabilityTarget(provider, strict);
  const norm = (n: string) => (target ? normalizeName(n, target) : n);
  const servers = new Map<string, Set<string>>();
  for (const t of tools) servers.set(norm(t.name), (servers.get(norm(t.name)) ?? new Set()).add(t.connectionId));
  const taken = new Set<string>();
  return tools.map((t) => {
    const shared = (servers.get(norm(t.name))?.size ?? 0) > 1;
    const wanted = shared ? namespaced(t.connectionName, t.name) : t.name;
    const first = norm(wanted);
    let name = first;
    for (let n = 2; taken.has(name); n++) name = `${first}_${n}`;
    taken.add(name);
    const findings = target ? [...analyzeTool({ name: wanted, inputSchema: t.inputSchema }).targets[target].findings] : [];
    if (shared) findings.unshift({ path: "name", keyword: "name", action: "rewritten", severity: "shape_changed", basis: "assumed", reason: `Another selected server also offers "${t.name}"; namespaced by server so both are kept.` });
    return { name, connectionId: t.connectionId, connectionName: t.connectionName, tool: t.name, findings, verdict: verdictOf(findings), namespaced: shared };
  });
}
