import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { Registry } from "@/lib/server/mcp/registry";
import { connectDemo, listAllTools } from "@/demo/mcp/connect-demo";
import { demoServerLaunch } from "@/demo/mcp/launch";
import type { Bench, Figure } from "./types";
import { interleavedMedians, medianMs, ratio } from "./types";
import { loadRegistry } from "./load-server";

const EXTRA_TOOLS = 1000;

/** The demo server as a Loupe stdio connection. */
export function demoConnection(root: string, opts: { extraTools?: number; pageSize?: number } = {}): ConnectionInput {
  const launch = demoServerLaunch({ ...opts, repoRoot: root });
  return {
    name: "bench demo",
    transport: "stdio",
    command: launch.command,
    args: launch.args,
    env: launch.env,
    cwd: root,
    requestTimeoutMs: 60_000,
  };
}

async function sdkConnectAndList(pageSize: number | undefined): Promise<number> {
  const client = await connectDemo({ extraTools: EXTRA_TOOLS, pageSize });
  const { tools } = await listAllTools(client);
  await client.close();
  return tools.length;
}

async function registryConnectAndList(registry: Registry, id: string, input: ConnectionInput): Promise<number> {
  // create() connects and lists every page, recording each frame in the store.
  await registry.create(input, { id });
  const listing = await registry.listTools(id);
  await registry.disconnect(id);
  return listing.tools.length;
}

async function expectCount(count: Promise<number>, want: number, who: string): Promise<void> {
  const got = await count;
  if (got !== want) throw new Error(`${who} listed ${got} tools, expected ${want}`);
}

/**
 * Spawn + initialize + tools/list of the demo server with 1,000 extra tools, through the bare SDK
 * client and through Loupe's registry (which records every frame), cold and on a live session.
 */
export const toolsListBench: Bench = {
  name: "tools-list",
  async run({ root, runs }) {
    const figures: Figure[] = [];
    const registry = await loadRegistry(root);
    for (const pageSize of [undefined, 100]) {
      const shape = pageSize ? `pages of ${pageSize}` : "one page";
      const total = await sdkConnectAndList(pageSize); // also warms tsx's transform cache
      const note = `${total} tools, ${shape}, median of ${runs}`;
      const id = `bench-tools-${pageSize ?? "all"}`;
      const input = demoConnection(root, { extraTools: EXTRA_TOOLS, pageSize });

      if (!registry) {
        const sdk = await medianMs(runs, () => sdkConnectAndList(pageSize));
        figures.push({ label: `connect + tools/list, bare SDK (${shape})`, value: sdk, unit: "ms", note });
        continue;
      }
      const cold = await interleavedMedians(runs, {
        sdk: () => expectCount(sdkConnectAndList(pageSize), total, "SDK"),
        loupe: () => expectCount(registryConnectAndList(registry, id, input), total, "registry"),
      });
      figures.push({ label: `connect + tools/list, bare SDK (${shape})`, value: cold.sdk, unit: "ms", note });
      figures.push({ label: `connect + tools/list, Loupe registry (${shape})`, value: cold.loupe, unit: "ms", note });
      figures.push(ratio(`  registry / bare SDK (${shape})`, cold.loupe, cold.sdk));

      const client: Client = await connectDemo({ extraTools: EXTRA_TOOLS, pageSize });
      await registry.connect(id);
      const warm = await interleavedMedians(runs, {
        sdk: () => listAllTools(client),
        loupe: () => registry.listTools(id, { refresh: true }),
      });
      await client.close();
      await registry.remove(id);
      figures.push({ label: `tools/list on a live session, bare SDK (${shape})`, value: warm.sdk, unit: "ms", note });
      figures.push({ label: `tools/list on a live session, Loupe registry (${shape})`, value: warm.loupe, unit: "ms", note });
      figures.push(ratio(`  registry / bare SDK (${shape})`, warm.loupe, warm.sdk));
    }
    return figures;
  },
};
