import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinBundlePages } from "@/lib/bundle-pages";
import type { BundlePage, ImportedBundle } from "@/lib/contracts/bundle";
import { BUNDLE_PAGE_SIZE } from "@/lib/contracts/bundle";
import { BundleService } from "@/lib/server/bundles";
import { openStore, type Store } from "@/lib/server/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { tempDir } from "@/tests/support/servers";
import * as oneRoute from "@/app/api/bundles/[id]/route";
import * as pageRoute from "@/app/api/bundles/[id]/entries/route";
import * as fileRoute from "@/app/api/bundles/[id]/file/route";
import * as importRoute from "@/app/api/bundles/import/route";

const data = tempDir("loupe-bundle-pages-");
process.env.LOUPE_DATA_DIR = data.dir;
let store: Store;
let service: BundleService;

beforeAll(() => {
  store = openStore(data.dir);
  service = new BundleService(store);
});
afterAll(() => {
  store.close();
  data.cleanup();
});

const EVENTS = 3_000;
const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

/** Every page after the first, as the browser reads them. */
function rest(first: ImportedBundle, read: (cursor: number) => BundlePage): BundlePage[] {
  const pages: BundlePage[] = [];
  for (let cursor = first.nextCursor; cursor !== null; cursor = pages[pages.length - 1]!.nextCursor) pages.push(read(cursor));
  return pages;
}

describe("an imported bundle read back in pages (issue 23)", () => {
  it("answers the first page only, with a cursor, and the pages join into the bundle as imported", () => {
    const bundle = syntheticAdkBundle(EVENTS);
    const { id } = service.importText(JSON.stringify(bundle), "big.loupe.json");
    const first = service.get(id);
    expect(first.bundle.entries).toHaveLength(BUNDLE_PAGE_SIZE);
    expect(first.nextCursor).toBe(BUNDLE_PAGE_SIZE);
    // The snapshot's long list (the session's events) is paged beside the entries, not sent whole.
    expect(first.listPath).toEqual(["session", "events"]);
    const events = (first.bundle.snapshot as { session: { events: unknown[] } }).session.events;
    expect(events).toHaveLength(BUNDLE_PAGE_SIZE);
    expect(first.summary.entryCount).toBe(EVENTS);
    const pages = rest(first, (cursor) => service.page(id, cursor));
    expect(pages).toHaveLength(Math.ceil(EVENTS / BUNDLE_PAGE_SIZE) - 1);
    expect(joinBundlePages(first, pages).bundle).toEqual(bundle);
  });

  it("reads a bundle stored before pages existed (its file whole) by splitting it once", () => {
    const bundle = syntheticAdkBundle(1_200, { sessionId: "old" });
    store
      .prepare("INSERT INTO bundles (id, summary, json, imported_at) VALUES (?, ?, ?, ?)")
      .run(
        "old-one",
        JSON.stringify({ id: "old-one", title: bundle.title, unitType: "adk-session", entryCount: 1_200 }),
        JSON.stringify(bundle),
        1,
      );
    const first = service.get("old-one");
    expect(first.bundle.entries).toHaveLength(BUNDLE_PAGE_SIZE);
    expect(
      joinBundlePages(
        first,
        rest(first, (c) => service.page("old-one", c)),
      ).bundle,
    ).toEqual(bundle);
    service.remove("old-one");
    expect(store.prepare("SELECT COUNT(*) AS n FROM bundle_items WHERE bundle_id = 'old-one'").get()).toEqual({ n: 0 });
  });

  it("the routes: the first answer holds one page, ./entries pages on, ./file is the file as imported; bad cursors are 400", async () => {
    const bundle = syntheticAdkBundle(EVENTS, { sessionId: "route" });
    const text = JSON.stringify(bundle);
    const created = await importRoute.POST(new Request(`${base}/api/bundles/import?name=r.json`, { method: "POST", body: text }));
    const { id } = (await created.json()) as { id: string };
    const res = await oneRoute.GET(new Request(`${base}/api/bundles/${id}`), ctx(id));
    const body = await res.text();
    const first = JSON.parse(body) as ImportedBundle;
    expect(first.bundle.entries.length).toBeLessThanOrEqual(BUNDLE_PAGE_SIZE);
    expect(first.nextCursor).toBe(BUNDLE_PAGE_SIZE);
    // A fraction of the file, not the file.
    expect(body.length).toBeLessThan(text.length / 2);
    const page = await pageRoute.GET(new Request(`${base}/api/bundles/${id}/entries?cursor=2900&limit=300`), ctx(id));
    const last = (await page.json()) as BundlePage;
    expect(last.entries.map((e) => e.seq)).toEqual(bundle.entries.slice(2900).map((e) => e.seq));
    expect(last.nextCursor).toBeNull();
    for (const q of ["cursor=-1", "cursor=abc", "", "cursor=0&limit=999999"]) {
      const bad = await pageRoute.GET(new Request(`${base}/api/bundles/${id}/entries?${q}`), ctx(id));
      expect(bad.status, q).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("bad_request:query");
    }
    const missing = await pageRoute.GET(new Request(`${base}/api/bundles/nope/entries?cursor=0`), ctx("nope"));
    expect(missing.status).toBe(404);
    const file = await fileRoute.GET(new Request(`${base}/api/bundles/${id}/file`), ctx(id));
    expect(file.headers.get("content-disposition")).toContain("r.json");
    expect(await file.text()).toBe(text);
  });
});
