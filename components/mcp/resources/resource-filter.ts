import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";

function words(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matches(haystack: (string | undefined)[], query: string): boolean {
  const text = haystack.filter(Boolean).join(" ").toLowerCase();
  return words(query).every((w) => text.includes(w));
}

/** Every word must occur in the name, title, URI, description or mimeType. */
export function filterResources(resources: readonly Resource[], query: string): Resource[] {
  if (!query.trim()) return resources.slice();
  return resources.filter((r) => matches([r.name, r.title, r.uri, r.description, r.mimeType], query));
}

export function filterTemplates(templates: readonly ResourceTemplate[], query: string): ResourceTemplate[] {
  if (!query.trim()) return templates.slice();
  return templates.filter((t) => matches([t.name, t.title, t.uriTemplate, t.description, t.mimeType], query));
}

/** What the list shows as a resource's label: title, else name, else the URI. */
export function resourceLabel(r: { name?: string; title?: string; uri?: string; uriTemplate?: string }): string {
  return r.title || r.name || r.uri || r.uriTemplate || "(unnamed)";
}
