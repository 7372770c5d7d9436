/**
 * The 2026-07-28 wire scenarios of conformance/client.ts (request metadata, routing and custom
 * headers, MRTR, schemas): Loupe used as a user would, with the inbox answered as it fills.
 */
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getPrompt, listPrompts, listResources, readResource } from "@/lib/server/mcp/resources";
import type { Registry } from "@/lib/server/mcp/registry";
import { isRecord } from "@/lib/values";
import { argumentsFor, context, createConnection, describeCall, expectConnected, log, sleep } from "./client-kit";

/** Content a user would fill into a form elicitation: each field's default, else a plain value of its type. */
function formContent(params: Record<string, unknown>): Record<string, unknown> {
  const schema = params.requestedSchema;
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const content: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(properties)) {
    const field = isRecord(prop) ? prop : {};
    if (field.default !== undefined) content[name] = field.default;
    else if (Array.isArray(field.enum) && field.enum.length) content[name] = field.enum[0];
    else if (field.type === "boolean") content[name] = true;
    else if (field.type === "number" || field.type === "integer") content[name] = 1;
    else content[name] = "test";
  }
  return content;
}

/**
 * Plays the user at Loupe's inbox while `work` runs: every pending server→client request
 * (JSON-RPC or an input_required round) is answered as soon as it shows up — a form elicitation
 * accepted with plain values, a sampling request with a short reply, a URL elicitation accepted.
 */
async function withInboxAnswered<T>(connectionId: string, work: () => Promise<T>): Promise<T> {
  const api = getClientRequests();
  const answered = new Set<string>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const r of api.list({ connectionId })) {
        if (r.status !== "pending" || answered.has(r.id)) continue;
        answered.add(r.id);
        const body =
          r.kind === "sampling"
            ? { action: "accept" as const, model: "loupe-conformance", text: "ok", stopReason: "endTurn" }
            : r.kind === "elicitation_form"
              ? { action: "accept" as const, content: formContent(r.params) }
              : { action: "accept" as const };
        log(`answering ${r.kind} ${r.id}${r.mrtr ? ` (round ${r.mrtr.round} of ${r.mrtr.method} ${r.mrtr.target})` : ""}`);
        await api.answer(connectionId, r.id, body).catch((error: unknown) => log(`answer failed: ${String(error)}`));
      }
      await sleep(25);
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await loop;
  }
}

/** The tool calls the scenario names in its context (`toolCalls: [{ name, arguments }]`), if any. */
function contextToolCalls(): { name: string; arguments: Record<string, unknown> }[] | undefined {
  const calls = context.toolCalls;
  if (!Array.isArray(calls)) return undefined;
  return calls.filter((c): c is { name: string; arguments: Record<string, unknown> } => typeof c?.name === "string");
}

/**
 * What a user does with a new server in Loupe: connect, list tools and call each one Loupe lists
 * (with the scenario's own arguments when it names them), answering the inbox; then list and read
 * every resource and list and get every prompt the server declares. A failed call is logged, not
 * fatal: the suite judges from what its server saw.
 */
export async function exercise(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  const id = view.id;
  const conn = registry.connection(id);
  const caps = registry.view(id).state.capabilities ?? {};
  await withInboxAnswered(id, async () => {
    const { tools } = await registry.listTools(id, { refresh: true });
    log(`tools: ${tools.map((t) => t.name).join(", ") || "(none)"}`);
    const planned = contextToolCalls() ?? tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) }));
    for (const { name, arguments: args } of planned) {
      if (!tools.some((t) => t.name === name)) {
        log(`${name}: not in Loupe's tool list, not called`);
        continue;
      }
      const call = await registry.callTool(id, { name, arguments: args });
      log(`${name} → ${describeCall(call)}`);
    }
  });
  const step = (what: string, run: () => Promise<void>): Promise<void> =>
    run().catch((error: unknown) => log(`${what} failed: ${String(error)}`));
  if (caps.resources) {
    await step("resources", async () => {
      const { resources } = await listResources(conn);
      for (const r of resources) {
        const read = await readResource(conn, r.uri).then(
          () => "ok",
          (error: unknown) => String(error),
        );
        log(`resources/read ${r.uri} → ${read}`);
      }
    });
  }
  if (caps.prompts) {
    await step("prompts", async () => {
      const { prompts } = await listPrompts(conn);
      for (const p of prompts) {
        const got = await getPrompt(conn, { name: p.name, arguments: {} }).then(
          () => "ok",
          (error: unknown) => String(error),
        );
        log(`prompts/get ${p.name} → ${got}`);
      }
    });
  }
}
