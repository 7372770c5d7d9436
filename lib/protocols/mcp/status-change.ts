import type { ConnectionState } from "@/lib/contracts/connections";
import { isRecord } from "@/lib/values";

/**
 * A status entry is checked for its `status` only (an old store, an imported bundle): every other
 * field is read here as what it may be, never trusted to have its type.
 */
const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** One side of the comparison: a status, and whether it is a preview (an entry over 64 KB). */
export interface StatusSide {
  state: ConnectionState;
  /** Only the small top-level fields were kept (lib/server/preview.ts): a missing one is unknown, not absent. */
  preview: boolean;
}

/** A ping as a row says it. */
function pingText(ping: Record<string, unknown>): string {
  if (ping.error !== undefined && ping.error !== null) {
    const error = text(ping.error);
    return error ? `ping failed: ${error}` : "ping failed";
  }
  return typeof ping.ms === "number" ? `ping ${ping.ms} ms` : "ping";
}

/**
 * What a status entry changed against the same connection's previous one, in words, when its status
 * stayed the same (a server's list_changed, a log level, a subscription, a ping): the Traffic row
 * says "connected · tools list changed" instead of a bare "connected" that reads like a reconnect.
 * A field a preview left out is not compared. Undefined when the status itself changed (the row says
 * so) or nothing it can name changed.
 */
export function statusChange(previous: StatusSide | undefined, next: StatusSide): string | undefined {
  if (!previous || previous.state.status !== next.state.status) return undefined;
  const before: Record<string, unknown> = isRecord(previous.state) ? previous.state : {};
  const after: Record<string, unknown> = isRecord(next.state) ? next.state : {};
  /** Whether both sides carry `key` as far as can be known. */
  const known = (key: string): boolean => (!previous.preview || key in before) && (!next.preview || key in after);
  const changed: string[] = [];
  const versions = [
    ["toolsVersion", "tools"],
    ["resourcesVersion", "resources"],
    ["promptsVersion", "prompts"],
  ] as const;
  for (const [key, what] of versions) if (known(key) && num(after[key]) !== num(before[key])) changed.push(`${what} list changed`);
  const level = text(after.logLevel);
  if (known("logLevel") && level !== text(before.logLevel)) changed.push(`log level ${level ?? "server default"}`);
  const subscriptions = list(after.subscriptions);
  if (known("subscriptions") && subscriptions.join("\n") !== list(before.subscriptions).join("\n"))
    changed.push(`${subscriptions.length} resource subscription${subscriptions.length === 1 ? "" : "s"}`);
  const ping = after.lastPing;
  const pingBefore = before.lastPing;
  if (known("lastPing") && isRecord(ping) && typeof ping.at === "number" && ping.at !== (isRecord(pingBefore) ? pingBefore.at : undefined))
    changed.push(pingText(ping));
  return changed.length > 0 ? changed.join(", ") : undefined;
}
