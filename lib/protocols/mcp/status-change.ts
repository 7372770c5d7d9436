import type { ConnectionState } from "@/lib/contracts/connections";
import { isRecord } from "@/lib/values";

/**
 * A status entry is checked for its `status` only (an old store, an imported bundle): every other
 * field is read here as what it may be, never trusted to have its type.
 */
const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/**
 * What a status entry changed against the same connection's previous one, in words, when its status
 * stayed the same (a server's list_changed, a log level, a subscription, a ping): the Traffic row
 * says "connected · tools list changed" instead of a bare "connected" that reads like a reconnect.
 * Undefined when the status itself changed (the row says so) or nothing it can name changed.
 */
export function statusChange(previous: ConnectionState | undefined, next: ConnectionState): string | undefined {
  if (!previous || previous.status !== next.status) return undefined;
  const changed: string[] = [];
  if (num(next.toolsVersion) !== num(previous.toolsVersion)) changed.push("tools list changed");
  if (num(next.resourcesVersion) !== num(previous.resourcesVersion)) changed.push("resources list changed");
  if (num(next.promptsVersion) !== num(previous.promptsVersion)) changed.push("prompts list changed");
  const level = text(next.logLevel);
  if (level !== text(previous.logLevel)) changed.push(`log level ${level ?? "server default"}`);
  const subscriptions = list(next.subscriptions);
  if (subscriptions.join("\n") !== list(previous.subscriptions).join("\n"))
    changed.push(`${subscriptions.length} resource subscription${subscriptions.length === 1 ? "" : "s"}`);
  const ping: unknown = next.lastPing;
  const before: unknown = previous.lastPing;
  if (isRecord(ping) && typeof ping.at === "number" && ping.at !== (isRecord(before) ? before.at : undefined)) {
    const error = text(ping.error);
    changed.push(error !== undefined ? `ping failed: ${error}` : typeof ping.ms === "number" ? `ping ${ping.ms} ms` : "ping");
  }
  return changed.length > 0 ? changed.join(", ") : undefined;
}
