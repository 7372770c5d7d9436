import "server-only";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Client, PriorDiscovery } from "@modelcontextprotocol/client";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { dataDir } from "@/lib/server/store";
import { DATA_FILE_MODE } from "@/lib/server/data-dir";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * The era verdict of an `auto` connection, kept in the data dir so a reconnect (or a restart of
 * Loupe) skips the server/discover probe: a silent legacy stdio server costs the whole probe
 * timeout on every connect otherwise. Keyed by connection id and tied to a fingerprint of what
 * decides the era (transport, command, args, URL, pin): an edit of any of them makes it stale.
 */
export interface EraVerdict {
  kind: "legacy" | "modern";
  /** The server/discover result a modern verdict adopts (zero round trips). */
  discover?: unknown;
  /**
   * The transport it was found on: an `http` connection that fell back to SSE keeps its verdict for
   * SSE, and its Streamable HTTP attempt (refused with a 4xx) neither uses nor forgets it.
   */
  transport?: string;
  /** When the probe that made it ran (epoch ms). */
  at: number;
  fingerprint: string;
}

const FILE = "era-verdicts.json";

function fingerprint(config: ConnectionConfig): string {
  const stdio = config.transport === "stdio" ? config : undefined;
  const url = config.transport === "stdio" ? null : config.url;
  const key = JSON.stringify([config.transport, stdio?.command ?? null, stdio?.args ?? null, url ?? null, config.protocolEra ?? "auto"]);
  return createHash("sha256").update(key).digest("hex").slice(0, 32);
}

function readAll(): Record<string, EraVerdict> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(dataDir(), FILE), "utf8"));
    // Loupe's own file (writeAll): its entries are the verdicts it wrote.
    return parsed && typeof parsed === "object" ? (parsed as Record<string, EraVerdict>) : {};
  } catch {
    // No file yet, or a damaged one: nothing remembered, the next connect probes.
    return {};
  }
}

function writeAll(all: Record<string, EraVerdict>): void {
  const file = path.join(dataDir(), FILE);
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify(all), { mode: DATA_FILE_MODE });
    renameSync(`${file}.tmp`, file);
  } catch {
    // Remembering is an optimisation: a data dir we cannot write only costs a probe next time.
  }
}

/** The remembered verdict of an `auto` connection, when it still matches its settings. */
export function recallEra(id: string, config: ConnectionConfig, transport: string): EraVerdict | null {
  if ((config.protocolEra ?? "auto") !== "auto") return null;
  const verdict = readAll()[id];
  if (!verdict || verdict.fingerprint !== fingerprint(config)) return null;
  if (verdict.kind !== "legacy" && verdict.kind !== "modern") return null;
  if (verdict.transport !== undefined && verdict.transport !== transport) return null;
  return verdict;
}

/** Keeps what an `auto` probe found for the next connect. */
export function rememberEra(id: string, config: ConnectionConfig, transport: string, kind: "legacy" | "modern", discover?: unknown): void {
  if ((config.protocolEra ?? "auto") !== "auto") return;
  const all = readAll();
  all[id] = { kind, ...(kind === "modern" ? { discover } : {}), transport, at: Date.now(), fingerprint: fingerprint(config) };
  writeAll(all);
}

/** Forgets the verdict (Re-detect era, a verdict that stopped being true, a removed connection). */
export function forgetEra(id: string): void {
  const all = readAll();
  if (!(id in all)) return;
  delete all[id];
  writeAll(all);
}

/** The Overview's words for a session opened from a remembered verdict. */
export function rememberedWhy(verdict: EraVerdict, version: string): string {
  const when = new Date(verdict.at)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
  const what =
    verdict.kind === "legacy"
      ? `legacy (initialize handshake, no server/discover probe); the server chose ${version}`
      : `modern (the earlier server/discover result adopted, no probe): Loupe speaks ${version}`;
  return `Era ${what}, remembered from ${when}; Reconnect with re-probe to check again`;
}

/** What `connect({ prior })` gets from a remembered verdict. */
export function priorOf(verdict: EraVerdict): PriorDiscovery {
  return verdict.kind === "legacy" ? { kind: "legacy" } : ({ kind: "modern", discover: verdict.discover } as PriorDiscovery);
}

/**
 * Whether a connect from a remembered verdict failed because the verdict stopped being true: a
 * remembered-legacy server now refuses `initialize` (a JSON-RPC error, or an HTTP 4xx for it), a
 * remembered-modern one refuses the version (-32022) or the SDK finds no overlap. An outage
 * (connection refused, a timeout, an HTTP 5xx) is not a verdict on the era: that error is shown.
 */
export function verdictStopped(error: unknown, verdict: EraVerdict): boolean {
  if (error instanceof ProtocolError) return verdict.kind === "legacy" || error.code === ProtocolErrorCode.UnsupportedProtocolVersion;
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) return true;
  const status = isRecord(error) ? error.status : undefined;
  return verdict.kind === "legacy" && typeof status === "number" && status >= 400 && status < 500 && status !== 401 && status !== 403;
}

/**
 * A session opened from a remembered modern verdict made no round trip: one request tells whether
 * the server still speaks that version (it answers -32022 otherwise), before the session is shown.
 */
export async function checkRememberedModern(client: Client, verdict: EraVerdict, timeoutMs: number): Promise<void> {
  if (verdict.kind !== "modern") return;
  if (!client.getServerCapabilities()?.tools) return;
  await client.listTools(undefined, { timeout: timeoutMs });
}

/** The `era_fallback` reason for a remembered verdict that stopped being true. */
export function staleVerdictReason(error: unknown, verdict: EraVerdict): string {
  const message = errorMessage(error);
  const what = error instanceof ProtocolError ? `JSON-RPC ${error.code}: ${message}` : message;
  return `The remembered ${verdict.kind} era no longer holds (${what}); probing again with server/discover`;
}

/**
 * An edit of the command, args, URL, transport or era pin forgets the verdict for good (a pin and
 * back to `auto` probes again, as the user would expect), not only until the settings match again.
 */
export function forgetEraIfRetargeted(id: string, before: ConnectionConfig, after: ConnectionConfig): void {
  if (fingerprint(before) !== fingerprint(after)) forgetEra(id);
}
