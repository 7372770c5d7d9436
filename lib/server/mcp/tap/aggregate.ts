import "server-only";
import { NAMESPACE_SEPARATOR, namespaced, serverKey } from "@/lib/schema/portability/names";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { TapRouting } from "@/lib/server/mcp/tap/routing";
import { identityRouting } from "@/lib/server/mcp/tap/routing";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * The aggregate tap (issue 10): several connections served as one MCP server. Every tool and
 * prompt name is namespaced `<server key>__<name>` with Portability's own `namespaced()` and
 * `serverKey()` (the playground's scheme), always, not only on a collision: a client's config and
 * a model's memory of a name must not change when another server joins the tap. Two connections
 * whose names give the same key get `_2`, `_3`… in the tap's order. Resources keep their URIs
 * (they are already global) and are merged; a read goes to the connection that lists the URI
 * (tap-server.ts `owner`).
 */

/** Each connection's key in the tap, unique: the Portability server key, suffixed on a repeat. */
export function aggregateKeys(connections: { id: string; name: string }[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  for (const c of connections) {
    const base = serverKey(c.name);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    used.add(key);
    keys.set(c.id, key);
  }
  return keys;
}

/** The routing for a set of connections (names as they are now). */
export function namespacedRouting(connections: { id: string; name: string }[]): TapRouting {
  const keys = aggregateKeys(connections);
  // Longest key first: with keys "a" and "a__b", "a__b__x" belongs to "a__b".
  const byLength = [...keys].sort((x, y) => y[1].length - x[1].length);
  return {
    connectionIds: connections.map((c) => c.id),
    expose: (connectionId, name) => {
      const key = keys.get(connectionId);
      // `namespaced` keys by the name it is given; the deduplicated key is already a server key.
      return key === undefined ? name : namespaced(key, name);
    },
    resolve: (name) => {
      for (const [connectionId, key] of byLength) {
        const prefix = `${key}${NAMESPACE_SEPARATOR}`;
        if (name.startsWith(prefix) && name.length > prefix.length) return { connectionId, name: name.slice(prefix.length) };
      }
      return undefined;
    },
  };
}

/** The routing a tap is served with: a connection tap passes names through, an aggregate namespaces them. */
export function routingFor(tap: TapRecord): TapRouting {
  if (tap.kind !== "aggregate") return identityRouting(tap.connectionIds[0] ?? tap.id);
  const registry = getRegistry();
  return namespacedRouting(tap.connectionIds.map((id) => ({ id, name: registry.get(id)?.name ?? id })));
}
