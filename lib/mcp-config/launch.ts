import type { ConnectionInput } from "@/lib/contracts/connections";

/**
 * What makes two MCP servers the same server, whatever they are named: the same command, args and
 * cwd, or the same URL. An import and a `--config` boot match saved servers by it, so the same file
 * read twice never adds a server twice (issue 22).
 */
export function launchKey(input: ConnectionInput): string {
  if (input.transport === "stdio") return JSON.stringify(["stdio", input.command, input.args, input.cwd ?? ""]);
  let url = input.url;
  try {
    url = new URL(input.url).toString();
  } catch {
    // kept as written: the same text is still the same server
  }
  return JSON.stringify(["url", url]);
}

/** The first of `existing` launched as `input` is, if any. */
export function findSameLaunch<T extends ConnectionInput>(input: ConnectionInput, existing: readonly T[]): T | undefined {
  const key = launchKey(input);
  return existing.find((c) => launchKey(c) === key);
}
