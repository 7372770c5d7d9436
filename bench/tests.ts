import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RunnableCase } from "@/lib/server/testing/runner";
import { caseOutcomeSchema, assertionSchema } from "@/lib/contracts/testing";
import { connectDemo } from "@/demo/mcp/connect-demo";
import type { Bench, Figure } from "./types";
import { interleavedMedians, ratio } from "./types";
import { loadRegistry, loadServerModule } from "./load-server";
import { demoConnection } from "./tools-list";

const CASES = 200;

/** The demo's convert-currency with a different amount per case: deterministic, with structured content. */
const args = (i: number) => ({ amount: i + 1, from: "EUR", to: "USD" });

async function bareLoop(client: Client): Promise<void> {
  for (let i = 0; i < CASES; i++) {
    const result = await client.callTool({ name: "convert-currency", arguments: args(i) });
    if (result.isError) throw new Error(`bare SDK: convert-currency failed: ${JSON.stringify(result.content)}`);
  }
}

/**
 * A 200-case suite against the demo MCP server (issue 24): Loupe's runner (each case a recorded
 * tools/call, its pauses script, four assertions: structural, JSON Schema, contains, latency)
 * against a bare SDK loop making the same 200 calls, both one call at a time; the ratio is the
 * runner's overhead per case.
 */
export const testsBench: Bench = {
  name: "tests",
  async run({ root, runs }) {
    const registry = await loadRegistry(root);
    if (!registry) return [];
    const { runSuite } = await loadServerModule(() => import("@/lib/server/testing/runner"));
    const { driverFor } = await loadServerModule(() => import("@/lib/server/testing/service"));
    const client = await connectDemo();
    const id = "bench-tests";
    await registry.create(demoConnection(root), { id });
    try {
      const cases: RunnableCase[] = [];
      for (let i = 0; i < CASES; i++) {
        const result = await client.callTool({ name: "convert-currency", arguments: args(i) });
        cases.push({
          id: `case-${i}`,
          name: `convert ${i + 1} EUR`,
          protocol: "mcp",
          target: { kind: "saved", id },
          steps: [{ kind: "tools/call", input: { name: "convert-currency", arguments: args(i) } }],
          answers: [],
          recorded: caseOutcomeSchema.parse({ result }),
          assertions: [
            { type: "structural", path: "$.result.structuredContent" },
            { type: "json_schema", path: "$.result.structuredContent", schema: { type: "object", required: ["converted"] } },
            { type: "contains", text: "USD" },
            { type: "latency", maxMs: 10_000 },
          ].map((a) => assertionSchema.parse(a)),
        });
      }
      const suite = { id: "bench", name: "bench", repetitions: 1, concurrency: 1, timeoutMs: 60_000 };
      const loupe = async () => {
        const run = await runSuite({ suite, cases, driverFor });
        if (run.status !== "passed") throw new Error(`runner: ${run.results.find((r) => r.status !== "pass")?.reason ?? run.status}`);
      };
      // The same calls through Loupe's call runner alone (recorded, no case around them): what of the
      // overhead is recording every frame, and what is the runner's own.
      const recorded = async () => {
        for (let i = 0; i < CASES; i++) await registry.callTool(id, { name: "convert-currency", arguments: args(i) });
      };
      await loupe(); // warm-up
      await bareLoop(client);
      await recorded();
      const times = await interleavedMedians(runs, { sdk: () => bareLoop(client), recorded, loupe });
      const note = `median of ${runs}, ${CASES} cases one at a time`;
      const figures: Figure[] = [
        { label: `${CASES} tools/call, bare SDK loop`, value: times.sdk, unit: "ms", note },
        { label: `${CASES} tools/call, Loupe callTool (recorded, no runner)`, value: times.recorded, unit: "ms", note },
        { label: `${CASES}-case suite, Loupe runner (4 assertions each)`, value: times.loupe, unit: "ms", note },
        { label: "  per case, bare SDK", value: times.sdk / CASES, unit: "ms" },
        { label: "  per case, Loupe runner", value: times.loupe / CASES, unit: "ms" },
        ratio("  overhead per case: runner / bare SDK", times.loupe, times.sdk),
        ratio("  of which recording: callTool / bare SDK", times.recorded, times.sdk),
      ];
      return figures;
    } finally {
      await client.close();
      await registry.remove(id);
    }
  },
};
