import { afterAll, describe, expect, it } from "vitest";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getAgents } from "@/lib/server/adk/agents";
import { Hub } from "@/lib/server/hub";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry, Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";
import * as requestsRoute from "@/app/api/connections/[id]/requests/route";
import * as inboxRoute from "@/app/api/inbox/route";

// The route singletons (registry, store) read LOUPE_DATA_DIR on first use: the "second run" below.
const data = tempDir("loupe-requests-restart-");
process.env.LOUPE_DATA_DIR = data.dir;
const crashData = tempDir("loupe-requests-crash-");
const registries: Registry[] = [];

afterAll(async () => {
  for (const r of registries) await r.closeAll();
  await getRegistry().closeAll();
  await getAgents().closeAll();
  data.cleanup();
  crashData.cleanup();
});

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A new Loupe process has none of the old one's memory: drop the process-wide request registry. */
function forgetProcessMemory(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("loupe.clientRequests")];
}

function firstRun(dir: string): Registry {
  const registry = new Registry(new Hub(openStore(dir)));
  registries.push(registry);
  return registry;
}

/** Starts a call of server-everything and waits for the request it sends Loupe. */
async function callUntilRequest(registry: Registry, id: string, name: string, args: Record<string, unknown>) {
  const before = new Set(
    getClientRequests()
      .list({ connectionId: id })
      .map((r) => r.id),
  );
  const call = registry.callTool(id, { name, arguments: args });
  let request: McpClientRequest | undefined;
  await until(() => {
    request = getClientRequests()
      .list({ connectionId: id })
      .find((r) => !before.has(r.id));
    return request !== undefined;
  });
  return { call, request: request! };
}

describe("MCP requests survive a restart of Loupe as history", () => {
  it("a request pending when Loupe stopped is stale — Loupe stopped, an answered one keeps its answer, and the inbox lists both", async () => {
    const first = firstRun(data.dir);
    const { id } = await first.create(stdioInput("everything", [EVERYTHING, "stdio"]));

    const sampling = await callUntilRequest(first, id, "trigger-sampling-request", { prompt: "say hi", maxTokens: 20 });
    await getClientRequests().answer(id, sampling.request.id, { action: "accept", text: "hello from the human" });
    expect((await sampling.call).status).toBe("ok");

    const elicitation = await callUntilRequest(first, id, "trigger-elicitation-request", {});
    expect(elicitation.request).toMatchObject({ kind: "elicitation_form", status: "pending" });

    // Loupe stops without the user answering: sessions close, the file stays.
    await first.closeAll();
    expect((await elicitation.call).status).not.toBe("running");
    first.hub.store.close();
    registries.splice(registries.indexOf(first), 1);
    forgetProcessMemory();

    // The second run: the routes' own registry and store on the same data dir.
    const rows = (await (await inboxRoute.GET()).json()) as InboxRow[];
    const asked = rows.find((r) => r.source === "mcp" && r.id === elicitation.request.id) as (InboxRow & McpClientRequest) | undefined;
    expect(asked).toMatchObject({
      source: "mcp",
      status: "stale",
      staleCause: "loupe_stopped",
      connectionName: "everything",
      params: { message: "Please provide inputs for the following fields:" },
    });
    expect(asked!.reason).toMatch(/^Loupe stopped before it was answered/);
    const answered = rows.find((r) => r.source === "mcp" && r.id === sampling.request.id) as (InboxRow & McpClientRequest) | undefined;
    expect(answered).toMatchObject({ status: "answered", answer: { body: { action: "accept", text: "hello from the human" } } });

    const listed = (await (await requestsRoute.GET(new Request("http://127.0.0.1/x"), ctx({ id }))).json()) as McpClientRequest[];
    expect(listed.map((r) => r.id).sort()).toEqual([elicitation.request.id, sampling.request.id].sort());

    const late = await answerRoute.POST(
      new Request("http://127.0.0.1/x", {
        method: "POST",
        body: JSON.stringify({ action: "decline" }),
        headers: { "content-type": "application/json" },
      }),
      ctx({ id, requestId: elicitation.request.id }),
    );
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "conflict:mcp_request",
      message: expect.stringContaining("Loupe stopped"),
    });
  }, 60_000);

  it("after a crash (nothing closed, memory gone) the request left pending turns stale — Loupe stopped on the next start", async () => {
    const first = firstRun(crashData.dir);
    const { id } = await first.create(stdioInput("everything-crash", [EVERYTHING, "stdio"]));
    const elicitation = await callUntilRequest(first, id, "trigger-elicitation-request", {});

    forgetProcessMemory();
    const second = firstRun(crashData.dir);
    const listed = getClientRequests().list({ connectionId: id, store: second.hub.store });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: elicitation.request.id, status: "stale", staleCause: "loupe_stopped", kind: "elicitation_form" });
    await expect(getClientRequests().answer(id, elicitation.request.id, { action: "decline" }, second.hub.store)).rejects.toMatchObject({
      code: "conflict:mcp_request",
    });
    await first.closeAll();
    await elicitation.call;
  }, 60_000);
});
