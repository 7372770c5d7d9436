import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceUpdatedEntry } from "@/lib/contracts/resources";
import { Hub } from "@/lib/server/hub";
import {
  complete,
  getPrompt,
  listPrompts,
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from "@/lib/server/mcp/resources";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { expandTemplate, variableNames } from "@/lib/uri-template";
import { startEverythingHttp, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-resources-http-");
let registry: Registry;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  http = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  await registry.closeAll();
  await http?.stop();
  registry.hub.store.close();
  data.cleanup();
});

describe("resources and prompts over Streamable HTTP", () => {
  let id = "";
  const conn = () => registry.connection(id);
  const DOC = "demo://resource/static/document/features.md";

  it("lists 7 resources and 2 templates, and reads the text template expansion", async () => {
    const view = await registry.create({
      name: "everything-http",
      transport: "http",
      url: `http://127.0.0.1:${http.port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    id = view.id;
    expect(view.state.status).toBe("connected");
    expect((await listResources(conn())).resources).toHaveLength(7);
    const { resourceTemplates } = await listResourceTemplates(conn());
    expect(resourceTemplates).toHaveLength(2);
    const text = resourceTemplates.find((t) => t.uriTemplate.includes("/text/"))!;
    expect(variableNames(text.uriTemplate)).toEqual(["resourceId"]);
    const read = await readResource(conn(), expandTemplate(text.uriTemplate, { resourceId: "12" }));
    const content = read.result.contents[0] as { text: string; mimeType: string };
    expect(content.mimeType).toBe("text/plain");
    expect(content.text).toMatch(/^Resource 12: This is a plaintext resource/);
  });

  it("reads a markdown document", async () => {
    const read = await readResource(conn(), DOC);
    expect((read.result.contents[0] as { text: string }).text).toMatch(/^#/m);
  });

  it("gets a resource_updated entry for a subscribed URI after toggle-subscriber-updates", async () => {
    await subscribe(conn(), DOC);
    expect(registry.view(id).state.subscriptions).toEqual([DOC]);
    const call = await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    expect(call.status).toBe("ok");
    await until(() => registry.traffic(id, { limit: 10_000 }).some((e) => e.kind === "resource_updated"));
    const entry = registry.traffic(id, { limit: 10_000 }).find((e) => e.kind === "resource_updated")!;
    expect(entry.protocol).toBe("loupe");
    expect((entry.raw as ResourceUpdatedEntry).uri).toBe(DOC);
    expect(entry.sessionKey).toBe(conn().sessionKey);
    await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    await unsubscribe(conn(), DOC);
    expect(registry.view(id).state.subscriptions).toEqual([]);
  });

  it("lists prompts, gets args-prompt and completes completable-prompt", async () => {
    expect((await listPrompts(conn())).prompts).toHaveLength(4);
    const got = await getPrompt(conn(), { name: "args-prompt", arguments: { city: "Porto", state: "Norte" } });
    const text = JSON.stringify(got.result.messages);
    expect(text).toContain("Porto");
    expect(text).toContain("Norte");
    const res = await complete(conn(), {
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "department", value: "E" },
    });
    expect(res.values).toEqual(["Engineering"]);
  });
});
