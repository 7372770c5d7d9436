import type { ConnectionState } from "@/lib/contracts/connections";

/** A list of strings as one comparable value. */
const joined = (list: readonly string[] | undefined): string => (list ?? []).join("\n");

/**
 * What a status entry changed against the same connection's previous one, in words, when its status
 * stayed the same (a server's list_changed, a log level, a subscription, a ping): the Traffic row
 * says "connected · tools list changed" instead of a bare "connected" that reads like a reconnect.
 * Undefined when the status itself changed (the row says so) or nothing it can name changed.
 */
export function statusChange(previous: ConnectionState | undefined, next: ConnectionState): string | undefined {
  if (!previous || previous.status !== next.status) return undefined;
  const changed: string[] = [];
  if (next.toolsVersion !== previous.toolsVersion) changed.push("tools list changed");
  if ((next.resourcesVersion ?? 0) !== (previous.resourcesVersion ?? 0)) changed.push("resources list changed");
  if ((next.promptsVersion ?? 0) !== (previous.promptsVersion ?? 0)) changed.push("prompts list changed");
  if (next.logLevel !== previous.logLevel) changed.push(`log level ${next.logLevel ?? "server default"}`);
  if (joined(next.subscriptions) !== joined(previous.subscriptions)) {
    const n = next.subscriptions?.length ?? 0;
    changed.push(`${n} resource subscription${n === 1 ? "" : "s"}`);
  }
  const ping = next.lastPing;
  if (ping && ping.at !== previous.lastPing?.at)
    changed.push(ping.error !== undefined ? `ping failed: ${ping.error}` : `ping ${ping.ms ?? "?"} ms`);
  return changed.length > 0 ? changed.join(", ") : undefined;
}
