import type { PromptArgument } from "@modelcontextprotocol/sdk/types.js";

/** The arguments to send: declared ones with a non-empty value (empty optional ones are left out). */
export function promptArguments(args: readonly PromptArgument[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of args) {
    const v = values[a.name];
    if (v !== undefined && v !== "") out[a.name] = v;
  }
  return out;
}

/** Names of required arguments still empty. */
export function missingRequired(args: readonly PromptArgument[], values: Readonly<Record<string, string>>): string[] {
  return args.filter((a) => a.required && !values[a.name]).map((a) => a.name);
}

/** Every word must occur in the name, title, description or an argument name. */
export function filterPrompts<T extends { name: string; title?: string; description?: string; arguments?: readonly PromptArgument[] }>(
  prompts: readonly T[],
  query: string,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return prompts.slice();
  return prompts.filter((p) => {
    const text = [p.name, p.title, p.description, ...(p.arguments ?? []).map((a) => a.name)].filter(Boolean).join(" ").toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
