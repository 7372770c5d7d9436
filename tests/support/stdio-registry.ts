import { afterAll, beforeAll, expect } from "vitest";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { stdioInput } from "@/tests/support/servers";

/**
 * One stdio MCP server connected for a whole test file: a registry on the file's own store (in
 * `data`), handed to `ready` once connected, and closed with the store after the file.
 */
export function connectStdioForFile(
  name: string,
  args: string[],
  data: { dir: string; cleanup: () => void },
  ready: (registry: Registry, id: string) => void,
): void {
  let registry: Registry | undefined;
  beforeAll(async () => {
    registry = new Registry(new Hub(openStore(data.dir)));
    const view = await registry.create(stdioInput(name, args));
    expect(view.state.status).toBe("connected");
    ready(registry, view.id);
  });
  afterAll(async () => {
    await registry?.closeAll();
    registry?.hub.store.close();
    data.cleanup();
  });
}
