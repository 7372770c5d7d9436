/**
 * A preview of the tool declarations a column's provider will receive, before anything is sent:
 * the very function the server sends them with (lib/playground/declare-tools.ts), so the names
 * (namespaced `server__tool` when two selected servers offer one) and findings shown are what
 * the next request carries. Once a request has gone out, its pg_model_request is the record.
 */
import type { PlaygroundProvider } from "@/lib/contracts/playground";
import { declareTools } from "@/lib/playground/declare-tools";
import { verdictOf } from "@/lib/schema/portability";
import type { Finding, Verdict } from "@/lib/schema/portability";

export interface PreviewSource {
  connectionId: string;
  connectionName: string;
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface PreviewDeclaration {
  /** The name the model will see; null when Portability rejects the tool for this provider (not sent). */
  name: string | null;
  connectionId: string;
  connectionName: string;
  tool: string;
  findings: Finding[];
  verdict: Verdict;
  /** Namespaced because another selected server offers the same name. */
  namespaced: boolean;
}

export function previewDeclarations(provider: PlaygroundProvider, strict: boolean, tools: readonly PreviewSource[]): PreviewDeclaration[] {
  const sources = tools.map((t) => ({
    connectionId: t.connectionId,
    connectionName: t.connectionName,
    tool: { name: t.name, description: t.description, inputSchema: t.inputSchema },
  }));
  const { declared, leftOut } = declareTools(provider, strict, sources);
  const serverOf = new Map(tools.map((t) => [t.connectionId, t.connectionName]));
  const rows: PreviewDeclaration[] = declared.map((d) => ({
    name: d.name,
    connectionId: d.connectionId,
    connectionName: serverOf.get(d.connectionId) ?? d.connectionId,
    tool: d.tool,
    findings: d.findings,
    verdict: verdictOf(d.findings),
    namespaced: tools.some((o) => o.connectionId !== d.connectionId && o.name === d.tool),
  }));
  for (const l of leftOut) {
    rows.push({
      name: null,
      connectionId: l.connectionId,
      connectionName: serverOf.get(l.connectionId) ?? l.connectionId,
      tool: l.tool,
      findings: l.findings,
      verdict: "rejected",
      namespaced: false,
    });
  }
  return rows;
}
