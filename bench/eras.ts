import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import path from "node:path";
import type { Bench, Figure } from "./types";
import { interleavedMedians, ratio } from "./types";
import { startLoupe } from "./loupe-process";
import { startDemoHttp, type DemoHttp } from "./demo-http";

/** Inside the bench's port range (7120–7139); override when it is taken. */
const DEMO_PORT = Number(process.env.LOUPE_BENCH_ERAS_PORT ?? 7123);
const RUNS = 40;
/** The same 1 KiB call as api-call, so the figures compare. */
const CALL = { name: "download-report", arguments: { megabytes: 1 / 1024 } };

const ERAS = [
  { era: "2025-11-25", mode: "legacy" },
  { era: "2026-07-28", mode: { pin: "2026-07-28" } },
] as const;

/**
 * tools/call round trip in each protocol era against the demo MCP server over Streamable HTTP:
 * the bare SDK v2 client (`versionNegotiation` legacy, or pinned to 2026-07-28) against Loupe's
 * API (a real Loupe process; one connection per era, `protocolEra` set). All four measured in
 * alternation, so the ratios hold on a busy machine. Each side's era is checked before timing.
 */
export const erasBench: Bench = {
  name: "eras",
  async run({ root, dataDir }) {
    const loupe = await startLoupe(root, path.join(dataDir, "eras"));
    let demo: DemoHttp | null = null;
    const clients: Client[] = [];
    try {
      demo = await startDemoHttp(root, DEMO_PORT);
      const variants: Record<string, () => Promise<void>> = {};
      for (const { era, mode } of ERAS) {
        const client = new Client({ name: "loupe-bench", version: "0.0.0" }, { versionNegotiation: { mode } });
        clients.push(client);
        await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
        const spoken = client.getNegotiatedProtocolVersion();
        if (spoken !== era) throw new Error(`bare SDK client asked for ${era} but speaks ${spoken}`);

        const conn = await loupe.api<{ id: string; state: { status: string; era?: { version: string } } }>("POST", "/api/connections", {
          name: `bench demo http ${era}`,
          transport: "http",
          url: demo.url,
          headers: {},
          requestTimeoutMs: 60_000,
          protocolEra: era,
        });
        if (conn.state.era?.version !== era)
          throw new Error(`Loupe's ${era} connection speaks ${conn.state.era?.version ?? conn.state.status}`);
        const route = `/api/connections/${encodeURIComponent(conn.id)}/tools/call`;

        variants[`sdk ${era}`] = async () => {
          const r = await client.callTool(CALL);
          if (r.isError) throw new Error("the SDK call failed");
        };
        variants[`api ${era}`] = async () => {
          const record = await loupe.api<{ status: string }>("POST", route, CALL);
          if (record.status !== "ok") throw new Error(`call ended ${record.status}`);
        };
      }
      for (const warm of Object.values(variants)) await warm();
      const times = await interleavedMedians(RUNS, variants);
      const note = `median of ${RUNS}`;
      const figures: Figure[] = [];
      for (const { era } of ERAS) {
        const sdk = times[`sdk ${era}`]!;
        const api = times[`api ${era}`]!;
        figures.push({ label: `${era}: 1 KiB tools/call, bare SDK v2 client (HTTP)`, value: sdk, unit: "ms", note });
        figures.push({ label: `${era}: 1 KiB tools/call, Loupe API (POST …/tools/call)`, value: api, unit: "ms", note });
        figures.push(ratio(`  Loupe API / bare SDK`, api, sdk));
      }
      figures.push(ratio("2026-07-28 / 2025-11-25, bare SDK", times["sdk 2026-07-28"]!, times["sdk 2025-11-25"]!));
      figures.push(ratio("2026-07-28 / 2025-11-25, Loupe API", times["api 2026-07-28"]!, times["api 2025-11-25"]!));
      return figures;
    } finally {
      await Promise.allSettled(clients.map((c) => c.close()));
      await loupe.stop();
      await demo?.stop();
    }
  },
};
