export interface ServerTools {
  connectionId: string;
  connectionName: string;
  toolNames: string[];
}

export interface ServerRef {
  connectionId: string;
  connectionName: string;
}

export interface ToolCollision {
  name: string;
  /** One element per exposure: a server listing the name twice appears twice. */
  servers: ServerRef[];
}

/**
 * Tool names exposed more than once across the connected servers (or twice by one server).
 * Hosts that flatten tools from many servers let the last one win silently (mcp.md §0.6), so
 * Loupe flags them. Sorted by name.
 */
export function findToolCollisions(servers: ServerTools[]): ToolCollision[] {
  const byName = new Map<string, ServerRef[]>();
  for (const { connectionId, connectionName, toolNames } of servers) {
    for (const name of toolNames) {
      const refs = byName.get(name);
      const ref = { connectionId, connectionName };
      if (refs) refs.push(ref);
      else byName.set(name, [ref]);
    }
  }
  const collisions: ToolCollision[] = [];
  for (const [name, refs] of byName) if (refs.length > 1) collisions.push({ name, servers: refs });
  return collisions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
