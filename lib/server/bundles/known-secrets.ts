import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { LAUNCH_TOKEN_KEY, MIN_SECRET_LENGTH } from "@/lib/server/bundles/secrets";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import type { Store } from "@/lib/server/store";
import { configuredDatabaseUrl, databasePassword } from "@/lib/server/sql/store-url";

/**
 * Every secret value this Loupe holds: what each protocol says it holds in `store` (saved headers
 * and env values, OAuth secrets and tokens, push tokens, tap keys, provider keys — its adapter's
 * `secrets`) Loupe's own login token and the store's database password. Read straight from where each lives, so a bundle is
 * scrubbed of them whichever unit it came from.
 */
export function knownSecrets(store: Store, registry: ProtocolRegistry = PROTOCOL_ADAPTERS): string[] {
  const found: unknown[] = registry.flatMap((adapter) => adapter.secrets(store));
  // The launcher leaves a generated token on globalThis (server.ts): it is not in the environment then.
  found.push(process.env.LOUPE_TOKEN, Reflect.get(globalThis, LAUNCH_TOKEN_KEY), databasePassword(configuredDatabaseUrl()));
  return [...new Set(found.filter((v): v is string => typeof v === "string" && v.length >= MIN_SECRET_LENGTH && v !== SECRET_MASK))];
}
