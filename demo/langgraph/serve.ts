/**
 * The LangGraph API server (in memory, as `langgraphjs dev` runs it) in this one process, started
 * by demo/langgraph/start.ts: `node --import tsx demo/langgraph/serve.ts '<options JSON>'`. The CLI
 * would run three Node processes for it (itself, a `tsx watch` that restarts on changes, the
 * server); the demo needs neither the watcher nor the CLI (issue 22: the demo's memory).
 * Options: { root, port, host, cwd, graphs } — `cwd` holds the state and `graphs` is langgraph.json's.
 */
import { createRequire, register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";

const Options = z.object({
  root: z.string(),
  port: z.number(),
  host: z.string(),
  cwd: z.string(),
  graphs: z.record(z.string(), z.string()),
});
const options = Options.parse(JSON.parse(process.argv.at(-1) ?? "{}"));

// The API server is the CLI's own dependency: found from the CLI, wherever npm put it.
const fromCli = createRequire(path.join(options.root, "node_modules/@langchain/langgraph-cli/package.json"));
const server = fromCli.resolve("@langchain/langgraph-api/server");
const firstGraph = Object.values(options.graphs)[0]?.split(":")[0] ?? "index.mts";
// As the CLI's preload does: one @langchain/langgraph (and checkpoint) for the server and the graphs.
register(pathToFileURL(path.join(path.dirname(server), "graph/load.hooks.mjs")), {
  parentURL: "data:",
  data: { parentURL: pathToFileURL(path.join(options.cwd, firstGraph)).href },
});

const api: unknown = await import(pathToFileURL(server).href);
if (typeof api !== "object" || api === null || !("startServer" in api) || typeof api.startServer !== "function")
  throw new Error(`${server} has no startServer()`);
process.env.PORT = String(options.port);
await api.startServer({ port: options.port, nWorkers: 10, host: options.host, cwd: options.cwd, graphs: options.graphs });
console.log(`LangGraph demo server listening on http://${options.host}:${options.port}`);
