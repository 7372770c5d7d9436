// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { connectionsQuery } from "@/lib/queries/connections";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { RecordedRequest } from "@/components/mcp/workbench/test-support";
import { ResourcesPanel } from "@/components/mcp/resources/resources-panel";

const load = <T,>(name: string): T => JSON.parse(readFileSync(`${MCP_FIXTURES}/server-everything/${name}`, "utf8")) as T;
const { resources } = load<{ resources: Resource[] }>("stdio-resources.json");
const { resourceTemplates } = load<{ resourceTemplates: ResourceTemplate[] }>("stdio-resource-templates.json");

const DOC = "demo://resource/static/document/architecture.md";
const CAPS = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  completions: {},
  logging: {},
};

/** The panel fed from the connections list in the cache, as the workbench does. */
function Harness() {
  const list = useQuery(connectionsQuery());
  const c = list.data?.[0];
  return c ? <ResourcesPanel connection={c} /> : null;
}

let readCount = 0;

function setup(opts: { connection?: ConnectionView; routes?: Parameters<typeof fetchRouter>[0] } = {}) {
  readCount = 0;
  const connection = opts.connection ?? connectionFixture({}, { capabilities: CAPS, connectedAt: 1 });
  let subscriptions: string[] = [];
  const router = fetchRouter({
    "GET /api/connections": () => [connection],
    "GET /api/connections/everything/resources": () => ({ resources, pages: 1, listedAt: 1_700_000_000_000 }),
    "GET /api/connections/everything/resource-templates": () => ({ resourceTemplates, pages: 1, listedAt: 1 }),
    "POST /api/connections/everything/resources/read": (req: RecordedRequest) => {
      readCount++;
      const uri = (req.body as { uri: string }).uri;
      if (uri.startsWith("demo://resource/dynamic/blob/")) {
        const blob = Buffer.from(`Resource ${uri.split("/").pop()}: This is a base64 blob`).toString("base64");
        return { uri, result: { contents: [{ uri, mimeType: "text/plain", blob }] }, readAt: Date.now(), ms: 3, totalBytes: 30 };
      }
      return {
        uri,
        result: { contents: [{ uri, mimeType: "text/markdown", text: `# Architecture\n\nRead number ${readCount}.` }] },
        // Read n happens at 2n-1 seconds: an update at 2 s falls between the first and second read.
        readAt: (readCount * 2 - 1) * 1000,
        ms: 4,
        totalBytes: 40,
      };
    },
    "POST /api/connections/everything/subscriptions": (req: RecordedRequest) => {
      subscriptions = [...subscriptions, (req.body as { uri: string }).uri];
      return { supported: true, subscriptions };
    },
    "DELETE /api/connections/everything/subscriptions": (req: RecordedRequest) => {
      const uri = new URL(req.path, "http://x").searchParams.get("uri");
      subscriptions = subscriptions.filter((u) => u !== uri);
      return { supported: true, subscriptions };
    },
    "POST /api/connections/everything/complete": (req: RecordedRequest) => {
      const value = (req.body as { argument: { value: string } }).argument.value;
      return { values: /^\d+$/.test(value) ? [value, `${value}0`] : [], total: 2, hasMore: false, supported: true };
    },
    ...opts.routes,
  });
  vi.stubGlobal("fetch", router.fetch);
  return { ...renderWithClient(<Harness />), router };
}

const listedUris = () => screen.getAllByTestId("resource-item").map((el) => el.getAttribute("data-uri"));

function updateEntry(seq: number, uri: string, at: number): Entry {
  return {
    seq,
    connectionId: "everything",
    sessionKey: "s1",
    receivedAt: at,
    sourceTime: null,
    direction: "local",
    protocol: "loupe",
    kind: "resource_updated",
    raw: { uri, at, subscribed: true },
    rawBytes: 80,
  };
}

beforeEach(() => {
  // happy-dom does no layout: give the virtualized list's scroller a height so rows render.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ResourcesPanel", () => {
  it("lists the fixture's 7 resources and 2 templates, and filters both by search", async () => {
    setup();
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    expect(screen.getByTestId("resource-count").textContent).toContain("7 resources · 1 page");
    expect(screen.getAllByTestId("template-item")).toHaveLength(2);
    expect(screen.getByTestId("subscription-count").textContent).toBe("Subscribed (0)");
    expect(within(screen.getAllByTestId("resource-item")[0]!).getByText("text/markdown")).toBeTruthy();

    fireEvent.change(screen.getByTestId("resource-search"), { target: { value: "architecture" } });
    expect(listedUris()).toEqual([DOC]);
    expect(screen.getByTestId("resource-count").textContent).toContain("1 of 7 resources");
    fireEvent.change(screen.getByTestId("resource-search"), { target: { value: "blob" } });
    expect(screen.queryAllByTestId("resource-item")).toHaveLength(0);
    expect(screen.getAllByTestId("template-item").map((el) => el.getAttribute("data-template"))).toEqual([
      "demo://resource/dynamic/blob/{resourceId}",
    ]);
  });

  it("reads a resource on select and renders its markdown, with a raw JSON toggle", async () => {
    const { router } = setup();
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    fireEvent.click(screen.getAllByTestId("resource-item").find((el) => el.getAttribute("data-uri") === DOC)!);
    const md = await screen.findByTestId("markdown-view");
    expect(md.querySelector("h1")?.textContent).toBe("Architecture");
    expect(screen.getByTestId("resource-content").getAttribute("data-kind")).toBe("markdown");
    expect(router.requests.find((r) => r.path.endsWith("/resources/read"))?.body).toEqual({ uri: DOC });
    fireEvent.click(screen.getByTestId("resource-raw-toggle"));
    expect(screen.getByTestId("raw-json").textContent).toContain('"mimeType": "text/markdown"');
  });

  it("subscribes, shows the subscribed list, marks an update from the stream and re-reads", async () => {
    const { client } = setup();
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    fireEvent.click(screen.getAllByTestId("resource-item").find((el) => el.getAttribute("data-uri") === DOC)!);
    await screen.findByTestId("markdown-view");
    fireEvent.click(screen.getByTestId("subscribe"));
    await screen.findByTestId("unsubscribe");
    expect(screen.getByTestId("subscription-count").textContent).toBe("Subscribed (1)");
    expect(screen.getByTestId("subscription-item").getAttribute("data-uri")).toBe(DOC);
    expect(screen.queryByTestId("resource-updated")).toBeNull();

    // The server notifies; the stream reducer hands the loupe entry to resources-stream.
    act(() => applyStreamEntries(client, [updateEntry(10, DOC, 2000)]));
    const banner = await screen.findByTestId("resource-updated");
    expect(banner.textContent).toMatch(/reported an update at/);
    expect(screen.getByTestId("resource-last-update")).toBeTruthy();
    expect(screen.getByTestId("subscription-updated").textContent).toMatch(/updated/);
    expect(screen.getByTestId("resource-updated-marker")).toBeTruthy();
    expect(readCount).toBe(1);

    fireEvent.click(within(banner).getByTestId("reread-updated"));
    await waitFor(() => expect(screen.getByTestId("markdown-view").textContent).toContain("Read number 2"));
    // The new read is newer than the update: the banner goes, the "last update" marker stays.
    expect(screen.queryByTestId("resource-updated")).toBeNull();
    expect(screen.getByTestId("resource-last-update")).toBeTruthy();
    // The same entry replayed (stream reconnect) is not counted twice.
    act(() => applyStreamEntries(client, [updateEntry(10, DOC, 2000)]));
    expect(client.getQueryData<unknown[]>(["connection", "everything", "resources", "updates"])).toHaveLength(1);

    fireEvent.click(screen.getByTestId("unsubscribe"));
    await screen.findByTestId("subscribe");
    expect(screen.getByTestId("subscription-count").textContent).toBe("Subscribed (0)");
  });

  it("fills a template variable with suggestions, shows the expanded URI live and reads it", async () => {
    const { router } = setup();
    await waitFor(() => expect(screen.getAllByTestId("template-item")).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId("template-item").find((el) => el.getAttribute("data-template")!.includes("/blob/"))!);
    const form = await screen.findByTestId("template-form");
    expect(within(form).getByTestId("template-expanded").textContent).toBe("demo://resource/dynamic/blob/");
    expect(within(form).getByTestId("template-missing").textContent).toContain("resourceId");
    const input = within(form).getByTestId("arg-resourceId");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "7" } });
    expect(within(form).getByTestId("template-expanded").textContent).toBe("demo://resource/dynamic/blob/7");
    const options = await screen.findAllByTestId("completion-option");
    expect(options.map((o) => o.textContent)).toEqual(["7", "70"]);
    expect(screen.getByTestId("completion-total").textContent).toContain("2 of 2");
    const complete = router.requests.filter((r) => r.path.endsWith("/complete")).at(-1)!;
    expect(complete.body).toEqual({
      ref: { type: "ref/resource", uri: "demo://resource/dynamic/blob/{resourceId}" },
      argument: { name: "resourceId", value: "7" },
    });
    fireEvent.mouseDown(options[1]!);
    expect(within(form).getByTestId("template-expanded").textContent).toBe("demo://resource/dynamic/blob/70");

    fireEvent.click(within(form).getByTestId("template-read"));
    const content = await screen.findByTestId("resource-content");
    expect(content.getAttribute("data-kind")).toBe("blob_text");
    expect(content.textContent).toContain("Resource 70: This is a base64 blob");
    expect(screen.getByTestId("resource-download")).toBeTruthy();
  });

  it("says when the server offers no resources, without asking it", async () => {
    const fs = connectionFixture({ id: "everything", name: "filesystem" }, { capabilities: { tools: { listChanged: true } } });
    const { router } = setup({ connection: fs });
    expect((await screen.findByTestId("resources-unsupported")).textContent).toContain("does not offer resources");
    expect(router.requests.some((r) => r.path.includes("/resources"))).toBe(false);
  });

  it("shows a listing failure with a retry instead of a blank panel", async () => {
    setup({
      routes: {
        "GET /api/connections/everything/resources": () =>
          Response.json({ error: { code: "upstream:mcp", message: "resources/list failed: boom" } }, { status: 502 }),
      },
    });
    const err = await screen.findByTestId("query-error");
    expect(err.textContent).toContain("resources/list failed: boom");
    expect(within(err).getByText("Retry")).toBeTruthy();
  });

  it("shows a list-changed banner and re-lists when resourcesVersion bumps", async () => {
    const { client, router } = setup();
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    const before = router.requests.filter((r) => r.path.endsWith("/resources")).length;
    const view = client.getQueryData<ConnectionView[]>(["connections"])![0]!;
    act(() => {
      applyStreamEntries(client, [
        {
          seq: 20,
          connectionId: "everything",
          sessionKey: "s1",
          receivedAt: 1,
          sourceTime: null,
          direction: "local",
          protocol: "loupe",
          kind: "status",
          raw: { ...view.state, resourcesVersion: 1 },
          rawBytes: 10,
        },
      ]);
    });
    expect((await screen.findByTestId("resources-changed")).textContent).toContain("changed its resource list");
    await waitFor(() => expect(router.requests.filter((r) => r.path.endsWith("/resources")).length).toBe(before + 1));
  });
});

describe("ResourcesPanel on a 2026-07-28 connection", () => {
  const era = { version: "2026-07-28", mode: "modern" as const, why: "server/discover answered" };

  it("offers Subscribe (it changes the subscriptions/listen filter) and says so; a 2025-11-25 one says nothing", async () => {
    const { router } = setup({ connection: connectionFixture({}, { capabilities: CAPS, connectedAt: 1, era }) });
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    expect(screen.getByTestId("subscriptions-via").textContent).toBe("MCP 2026-07-28: subscriptions ride the subscriptions/listen stream");
    fireEvent.click(screen.getAllByTestId("resource-item").find((el) => el.getAttribute("data-uri") === DOC)!);
    fireEvent.click(await screen.findByTestId("subscribe"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST" && r.path.endsWith("/subscriptions"))).toBe(true));
    expect(screen.queryByTestId("subscribe-unsupported")).toBeNull();
    cleanup();
    setup();
    await waitFor(() => expect(listedUris()).toHaveLength(7));
    expect(screen.queryByTestId("subscriptions-via")).toBeNull();
  });
});
