import { afterAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type {
  CompletionResponse,
  GetPromptResponse,
  PromptsListing,
  ReadResourceResponse,
  ResourcesListing,
  ResourceUpdatedEntry,
  SubscriptionsResponse,
  TemplatesListing,
} from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { expandTemplate } from "@/lib/uri-template";
import { EVERYTHING, FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";
import * as resources from "@/app/api/connections/[id]/resources/route";
import * as read from "@/app/api/connections/[id]/resources/read/route";
import * as templates from "@/app/api/connections/[id]/resource-templates/route";
import * as subscriptions from "@/app/api/connections/[id]/subscriptions/route";
import * as prompts from "@/app/api/connections/[id]/prompts/route";
import * as getPrompt from "@/app/api/connections/[id]/prompts/get/route";
import * as complete from "@/app/api/connections/[id]/complete/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-resources-");
const files = tempDir("loupe-resources-fs-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const get = (url: string) => new Request(base + url);
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = (await r.json()) as T;
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${JSON.stringify(body)}`);
  return body;
}

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const updates = (id: string): ResourceUpdatedEntry[] =>
  getRegistry()
    .traffic(id, { limit: 10_000 })
    .filter((e: Entry) => e.protocol === "loupe" && e.kind === "resource_updated")
    .map((e) => e.raw as ResourceUpdatedEntry);

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
  files.cleanup();
});

describe("resources and prompts routes against server-everything (stdio)", () => {
  let id = "";
  const DOC = "demo://resource/static/document/architecture.md";

  it("lists 7 resources (aggregated and page by page) and 2 templates", async () => {
    id = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
    const listing = await json<ResourcesListing>(resources.GET(get(`/x`), ctx(id)));
    expect(listing.resources).toHaveLength(7);
    expect(listing.pages).toBe(1);
    expect(listing.nextCursor).toBeUndefined();
    expect(listing.resources.map((r) => r.uri)).toContain(DOC);
    expect(listing.resources.every((r) => r.mimeType === "text/markdown")).toBe(true);
    const page = await json<ResourcesListing>(resources.GET(get(`/x?paged=true`), ctx(id)));
    expect(page.resources).toHaveLength(7);
    expect(page.pages).toBe(1);

    const t = await json<TemplatesListing>(templates.GET(get("/x"), ctx(id)));
    expect(t.resourceTemplates.map((x) => x.uriTemplate).sort()).toEqual([
      "demo://resource/dynamic/blob/{resourceId}",
      "demo://resource/dynamic/text/{resourceId}",
    ]);
  });

  it("reads a static markdown document with its size", async () => {
    const res = await json<ReadResourceResponse>(read.POST(post("/x", { uri: DOC }), ctx(id)));
    const content = res.result.contents[0] as { uri: string; mimeType: string; text: string };
    expect(content.uri).toBe(DOC);
    expect(content.mimeType).toBe("text/markdown");
    expect(content.text).toMatch(/^# /m);
    expect(res.totalBytes).toBe(Buffer.byteLength(content.text));
    expect(res.large).toBeUndefined();
  });

  it("reads the blob template expanded with resourceId=3", async () => {
    const uri = expandTemplate("demo://resource/dynamic/blob/{resourceId}", { resourceId: "3" });
    expect(uri).toBe("demo://resource/dynamic/blob/3");
    const res = await json<ReadResourceResponse>(read.POST(post("/x", { uri }), ctx(id)));
    const content = res.result.contents[0] as { blob: string };
    const decoded = Buffer.from(content.blob, "base64").toString("utf8");
    expect(decoded).toMatch(/^Resource 3: This is a base64 blob/);
    expect(res.totalBytes).toBe(Buffer.byteLength(decoded));
  });

  it("turns a server error and a bad body into clear AppErrors", async () => {
    const bad = await read.POST(post("/x", { uri: "demo://resource/dynamic/text/not-a-number" }), ctx(id));
    expect(bad.status).toBe(502);
    const body = (await bad.json()) as { error: { code: string; message: string; details: { jsonrpc: { code: number } } } };
    expect(body.error.code).toBe("upstream:mcp");
    expect(body.error.message).toContain("resources/read");
    expect(typeof body.error.details.jsonrpc.code).toBe("number");
    const empty = await read.POST(post("/x", { uri: " " }), ctx(id));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe("bad_request:body");
  });

  it("subscribes, receives resource_updated after toggle-subscriber-updates, then unsubscribes", async () => {
    const sub = await json<SubscriptionsResponse>(subscriptions.POST(post("/x", { uri: DOC }), ctx(id)));
    expect(sub).toEqual({ supported: true, subscriptions: [DOC], via: "resources/subscribe" });
    expect(getRegistry().view(id).state.subscriptions).toEqual([DOC]);
    // Subscribing twice keeps one entry.
    await json(subscriptions.POST(post("/x", { uri: DOC }), ctx(id)));
    expect((await json<SubscriptionsResponse>(subscriptions.GET(get("/x"), ctx(id)))).subscriptions).toEqual([DOC]);

    const before = updates(id).length;
    const call = await toolsCall.POST(post("/x", { name: "toggle-subscriber-updates", arguments: {} }), ctx(id));
    expect(call.status).toBe(200);
    await until(() => updates(id).length > before);
    const update = updates(id).at(-1)!;
    expect(update.uri).toBe(DOC);
    expect(update.subscribed).toBe(true);
    expect(Math.abs(update.at - Date.now())).toBeLessThan(15_000);
    // Stop the simulated updates again.
    await toolsCall.POST(post("/x", { name: "toggle-subscriber-updates", arguments: {} }), ctx(id));

    const off = await json<SubscriptionsResponse>(
      subscriptions.DELETE(new Request(`${base}/x?uri=${encodeURIComponent(DOC)}`, { method: "DELETE" }), ctx(id)),
    );
    expect(off.subscriptions).toEqual([]);
    expect(getRegistry().view(id).state.subscriptions).toEqual([]);
  });

  it("lists 4 prompts and gets args-prompt with a city", async () => {
    const listing = await json<PromptsListing>(prompts.GET(get("/x"), ctx(id)));
    expect(listing.prompts.map((p) => p.name)).toEqual(["simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"]);
    const got = await json<GetPromptResponse>(getPrompt.POST(post("/x", { name: "args-prompt", arguments: { city: "Lisbon" } }), ctx(id)));
    expect(got.result.messages.length).toBeGreaterThan(0);
    const text = got.result.messages.map((m) => (m.content.type === "text" ? m.content.text : "")).join("\n");
    expect(text).toContain("Lisbon");
    const missing = await getPrompt.POST(post("/x", { name: "args-prompt", arguments: {} }), ctx(id));
    expect(missing.status).toBe(502);
  });

  it("completes completable-prompt arguments, narrowed by context, and a template variable", async () => {
    const dept = await json<CompletionResponse>(
      complete.POST(
        post("/x", { ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } }),
        ctx(id),
      ),
    );
    expect(dept.values).toEqual(["Engineering"]);
    expect(dept.supported).toBe(true);
    const names = await json<CompletionResponse>(
      complete.POST(
        post("/x", {
          ref: { type: "ref/prompt", name: "completable-prompt" },
          argument: { name: "name", value: "" },
          context: { arguments: { department: "Engineering" } },
        }),
        ctx(id),
      ),
    );
    expect(names.values).toEqual(["Alice", "Bob", "Charlie"]);
    const variable = await json<CompletionResponse>(
      complete.POST(
        post("/x", {
          ref: { type: "ref/resource", uri: "demo://resource/dynamic/text/{resourceId}" },
          argument: { name: "resourceId", value: "42" },
        }),
        ctx(id),
      ),
    );
    expect(variable.values).toEqual(["42"]);
  });

  it("forgets subscriptions on reconnect", async () => {
    await json(subscriptions.POST(post("/x", { uri: DOC }), ctx(id)));
    expect(getRegistry().view(id).state.subscriptions).toEqual([DOC]);
    await getRegistry().connection(id).connect();
    expect(getRegistry().view(id).state.status).toBe("connected");
    expect(getRegistry().view(id).state.subscriptions ?? []).toEqual([]);
    expect((await json<SubscriptionsResponse>(subscriptions.GET(get("/x"), ctx(id)))).subscriptions).toEqual([]);
  });

  it("answers not_connected for a disconnected server", async () => {
    await getRegistry().connection(id).disconnect();
    const res = await resources.GET(get("/x"), ctx(id));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("conflict:not_connected");
  });
});

describe("server-filesystem has no resources or prompts", () => {
  let id = "";

  it("says so in words instead of a -32601 surprise", async () => {
    id = (await getRegistry().create(stdioInput("fs", [FILESYSTEM, files.dir]))).id;
    expect(getRegistry().view(id).state.status).toBe("connected");
    const res = await resources.GET(get("/x"), ctx(id));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("conflict:no_resources");
    expect(body.error.message).toMatch(/does not offer resources/);
    const p = await prompts.GET(get("/x"), ctx(id));
    expect(((await p.json()) as { error: { code: string } }).error.code).toBe("conflict:no_prompts");
    const sub = await subscriptions.POST(post("/x", { uri: "file:///x" }), ctx(id));
    expect(sub.status).toBe(409);
    // No resources/list request ever went out.
    const sent = getRegistry()
      .traffic(id, { limit: 10_000 })
      .filter((e) => e.kind === "message" && e.direction === "out")
      .map((e) => (e.raw as { method?: string }).method);
    expect(sent).not.toContain("resources/list");
    expect(sent).not.toContain("prompts/list");
  });

  it("answers completion with an empty unsupported list rather than an error", async () => {
    const res = await json<CompletionResponse>(
      complete.POST(post("/x", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } }), ctx(id)),
    );
    expect(res).toEqual({ values: [], supported: false });
  });
});
