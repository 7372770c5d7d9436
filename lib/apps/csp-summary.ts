import type { AppResource } from "@/lib/apps/app-resource";

/** One line on what the app may reach (the spec asks hosts to make the CSP auditable). */
export function cleanCspSummary(csp: AppResource["csp"]): string {
  const parts: string[] = [];
  if (csp?.connectDomains?.length) parts.push(`connects to ${csp.connectDomains.join(", ")}`);
  if (csp?.resourceDomains?.length) parts.push(`loads from ${csp.resourceDomains.join(", ")}`);
  if (csp?.frameDomains?.length) parts.push(`frames ${csp.frameDomains.join(", ")}`);
  return parts.length ? `Declared CSP: ${parts.join("; ")}` : "No network access declared: the app runs offline (restrictive CSP)";
}
