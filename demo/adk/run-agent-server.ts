/**
 * Runs the demo ADK server in the foreground: `npx tsx demo/adk/run-agent-server.ts [--port 8765]
 * [--allow-origins '*'] [--big-session 10000]`. Prints the URL; Ctrl-C stops it and its children.
 */
import { parseArgs } from "node:util";
import { makeBigSession } from "./make-big-session";
import { startAgentServer } from "./start-agent-server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8765" },
    host: { type: "string", default: "127.0.0.1" },
    "allow-origins": { type: "string" },
    "big-session": { type: "string" },
  },
});

const server = await startAgentServer({
  port: Number(values.port),
  host: values.host,
  allowOrigins: values["allow-origins"],
  preload: true,
});
console.log(`ADK demo server: ${server.url} (apps: loupe_demo, workflow_demo, compaction_demo)`);
if (values["big-session"]) {
  const big = await makeBigSession(server.url, { events: Number(values["big-session"]) });
  console.log(`big session: app loupe_demo, user ${big.userId}, session ${big.sessionId}, ${big.storedEvents} events`);
}
const shutdown = (): void => void server.stop().then(() => process.exit(0));
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
