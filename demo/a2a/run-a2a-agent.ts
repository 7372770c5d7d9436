/**
 * Runs the demo A2A agent in the foreground: `npx tsx demo/a2a/run-a2a-agent.ts [--port 8766]`.
 * Prints the URL, then one `LOUPE_A2A_READY {"url":…}` line that spawn-a2a-demo.ts waits for.
 * Ctrl-C / SIGTERM stop it. Started by `npm start` with parent-watch.cjs, so it dies with Loupe.
 */
import { parseArgs } from "node:util";
import { startA2aDemo } from "./demo-agent";

// Read by spawn-a2a-demo.ts (not imported from here: importing this file would start an agent).
const READY_PREFIX = "LOUPE_A2A_READY ";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8766" },
    // The gRPC binding's port; 0 = a free one.
    "grpc-port": { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
  },
});
if (values.host !== "127.0.0.1" && values.host !== "localhost") {
  console.error("The demo A2A agent listens on loopback only (--host 127.0.0.1 or localhost).");
  process.exit(2);
}

const demo = await startA2aDemo({ port: Number(values.port), host: values.host, grpcPort: Number(values["grpc-port"]) });
console.log(`A2A demo agent: ${demo.url} (card: ${demo.cardUrl}, gRPC: ${demo.grpcTarget})`);
console.log(`${READY_PREFIX}${JSON.stringify({ url: demo.url, port: demo.port })}`);
const shutdown = (): void => void demo.stop().then(() => process.exit(0));
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
