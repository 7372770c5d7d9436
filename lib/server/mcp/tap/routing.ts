import "server-only";

/**
 * How a tap maps what its client sees onto its upstream connections. A connection tap serves one
 * connection unchanged (identityRouting). An aggregate tap (T2) serves several as one server and
 * gives serveTap() a routing that namespaces tool and prompt names (e.g. `server__tool`), so
 * two servers offering the same name never hide one another.
 */
export interface TapRouting {
  /** The upstream connections, in the order their lists are merged. */
  connectionIds: string[];
  /** The name the tap's client sees for an upstream tool (or prompt). */
  expose(connectionId: string, name: string): string;
  /** The upstream connection and name a client's tool (or prompt) name means; undefined: unknown. */
  resolve(name: string): { connectionId: string; name: string } | undefined;
}

/** One connection served unchanged: every name is the upstream's own. */
export function identityRouting(connectionId: string): TapRouting {
  return {
    connectionIds: [connectionId],
    expose: (_connectionId, name) => name,
    resolve: (name) => ({ connectionId, name }),
  };
}

/** Whether a routing passes one connection through unchanged (lists are then forwarded page by page). */
export function isPassThrough(routing: TapRouting): boolean {
  return routing.connectionIds.length === 1 && routing.expose(routing.connectionIds[0]!, "x") === "x";
}
