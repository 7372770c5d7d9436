import "server-only";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ProviderKeyInput, ProviderStatus } from "@/lib/contracts/playground";
import { PlaygroundProvider, PROVIDER_IDS } from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import { logLine } from "@/lib/log-text";
import { DATA_DIR_MODE, DATA_FILE_MODE } from "@/lib/server/data-dir";
import { dataDir } from "@/lib/server/store";
import { PROVIDER_INFO } from "@/lib/server/playground/providers/catalog";
import { maskUrl, unmaskUrl } from "@/lib/server/playground/providers/url-secrets";

/**
 * Provider keys and endpoints entered in Loupe's settings. They live in one file of the data dir,
 * `0600` like the database (lib/server/data-dir.ts), and leave the server only as a source and
 * the key's last four characters: no route, entry or log ever carries a key.
 */
const FILE = "playground-providers.json";

const StoredProvider = z.object({ apiKey: z.string().min(1).optional(), baseUrl: z.string().min(1).optional() });
const StoredFile = z.partialRecord(z.enum(PROVIDER_IDS), StoredProvider);
type StoredFile = z.infer<typeof StoredFile>;

function file(): string {
  return path.join(dataDir(), FILE);
}

function readStored(): StoredFile {
  let text: string;
  try {
    text = readFileSync(/*turbopackIgnore: true*/ file(), "utf8");
  } catch {
    return {};
  }
  try {
    const parsed = StoredFile.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  // Never quoted (it may hold a key). Treated as empty so the settings still work: the next save replaces it.
  logLine(`[loupe] ${file()} is damaged; its provider keys are ignored until they are entered again`);
  return {};
}

function writeStored(all: StoredFile): void {
  const target = file();
  mkdirSync(/*turbopackIgnore: true*/ dataDir(), { recursive: true, mode: DATA_DIR_MODE });
  const tmp = `${target}.tmp`;
  // Created private (mode applies on creation), then tightened in case a stale tmp file was wider.
  writeFileSync(/*turbopackIgnore: true*/ tmp, JSON.stringify(all), { mode: DATA_FILE_MODE });
  chmodSync(/*turbopackIgnore: true*/ tmp, DATA_FILE_MODE);
  renameSync(/*turbopackIgnore: true*/ tmp, target);
}

export function parseProvider(value: string): PlaygroundProvider {
  const provider = PlaygroundProvider.safeParse(value);
  if (provider.success) return provider.data;
  throw new AppError("not_found:playground_provider", `No playground provider "${value}" (known: ${PROVIDER_IDS.join(", ")})`);
}

export interface ResolvedKey {
  apiKey?: string;
  source: ProviderStatus["keySource"];
  envVar?: string;
}

/** The key to send: the settings first, then the environment variables; throws when a required key is missing. */
export function resolveKey(provider: PlaygroundProvider, env: NodeJS.ProcessEnv = process.env): ResolvedKey {
  const info = PROVIDER_INFO[provider];
  const stored = readStored()[provider]?.apiKey;
  if (stored) return { apiKey: stored, source: "settings" };
  for (const name of info.keyEnv) {
    const value = env[name]?.trim();
    if (value) return { apiKey: value, source: "env", envVar: name };
  }
  if (info.keyOptional) return { source: "not_needed" };
  return { source: "none" };
}

export function requireKey(provider: PlaygroundProvider, env: NodeJS.ProcessEnv = process.env): ResolvedKey {
  const key = resolveKey(provider, env);
  if (key.source !== "none") return key;
  const vars = PROVIDER_INFO[provider].keyEnv.join(" or ");
  throw new AppError(
    "bad_request:playground_no_key",
    `No ${PROVIDER_INFO[provider].label} key: enter one in the playground's provider settings or set ${vars} in the environment Loupe runs in`,
    { provider, envVars: PROVIDER_INFO[provider].keyEnv },
  );
}

/** The endpoint: the column's override, then the settings, then the provider's env variable, then its default. */
export function resolveBaseUrl(provider: PlaygroundProvider, override?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const info = PROVIDER_INFO[provider];
  const stored = readStored()[provider]?.baseUrl;
  const fromEnv = info.baseUrlEnv ? env[info.baseUrlEnv]?.trim() || undefined : undefined;
  // A column given the endpoint as the providers list showed it (masked) uses the real one.
  return unmaskUrl(override, [stored, fromEnv]) ?? stored ?? fromEnv ?? info.defaultBaseUrl;
}

/** Long enough that four characters say which key without giving much of it away. */
const HINT_MIN_LENGTH = 12;

export function providerStatus(provider: PlaygroundProvider, env: NodeJS.ProcessEnv = process.env): ProviderStatus {
  const info = PROVIDER_INFO[provider];
  const key = resolveKey(provider, env);
  const status: ProviderStatus = { provider, label: info.label, keySource: key.source, suggestedModels: [...info.suggestedModels] };
  if (key.envVar) status.envVar = key.envVar;
  if (key.apiKey && key.apiKey.length >= HINT_MIN_LENGTH) status.keyHint = key.apiKey.slice(-4);
  const baseUrl = resolveBaseUrl(provider, undefined, env);
  if (baseUrl) status.baseUrl = maskUrl(baseUrl);
  return status;
}

export function listProviderStatus(env: NodeJS.ProcessEnv = process.env): ProviderStatus[] {
  return PROVIDER_IDS.map((p) => providerStatus(p, env));
}

/** Stores what the input names (a field left out keeps its stored value). */
export function saveProviderSettings(provider: PlaygroundProvider, input: ProviderKeyInput): ProviderStatus {
  if (provider === "scripted") throw new AppError("bad_request:playground_provider", "The scripted model needs no key and no endpoint");
  if (input.apiKey === undefined && input.baseUrl === undefined) {
    throw new AppError("bad_request:body", "Give an apiKey, a baseUrl or both");
  }
  const all = readStored();
  // The dialog re-sends the endpoint as it was shown (masked): that keeps the stored one.
  const baseUrl = unmaskUrl(input.baseUrl, [all[provider]?.baseUrl]);
  all[provider] = {
    ...all[provider],
    ...(input.apiKey !== undefined ? { apiKey: input.apiKey } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
  };
  writeStored(all);
  return providerStatus(provider);
}

/** Forgets the stored key and endpoint; the environment variables apply again. */
export function forgetProviderSettings(provider: PlaygroundProvider): void {
  const all = readStored();
  if (!(provider in all)) return;
  delete all[provider];
  writeStored(all);
}
