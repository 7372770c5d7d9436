import type { Tool } from "@/lib/queries/tools";

/** Case-insensitive match on name, title and description; every word of the query must match. */
export function filterTools(tools: readonly Tool[], query: string): Tool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tools.slice();
  return tools.filter((t) => {
    const hay = `${t.name} ${t.title ?? t.annotations?.title ?? ""} ${t.description ?? ""}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The name a person reads first: title (or annotations.title), else the wire name. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
