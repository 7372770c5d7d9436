import { afterAll, describe, expect, it } from "vitest";
import type { Bundle, BundleIssue, ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";
import { BUNDLE_MAX_BYTES } from "@/lib/contracts/bundle";
import { attachment } from "@/lib/bundle-file-name";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { gate } from "@/lib/launcher/security";
import { getStore } from "@/lib/server/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { tempDir } from "@/tests/support/servers";
import * as listRoute from "@/app/api/bundles/route";
import * as oneRoute from "@/app/api/bundles/[id]/route";
import * as exportRoute from "@/app/api/bundles/export/route";
import * as importRoute from "@/app/api/bundles/import/route";
import * as fileRoute from "@/app/api/bundles/[id]/file/route";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-bundle-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

afterAll(() => data.cleanup());

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(base + url, { method: "POST", body, headers, duplex: "half" } as RequestInit);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;

describe("bundle routes", () => {
  it("are behind the login token like every /api route", () => {
    const opts = { token: "t0ken", port: 6280 };
    for (const [method, url] of [
      ["GET", "/api/bundles"],
      ["GET", "/api/bundles/abc"],
      ["DELETE", "/api/bundles/abc"],
      ["POST", "/api/bundles/import?name=x.json"],
      ["POST", "/api/bundles/export"],
    ] as const) {
      const headers = { host: "127.0.0.1:6280" };
      expect(gate({ method, url, headers }, opts)).toMatchObject({ action: "reject", status: 401 });
      expect(gate({ method, url, headers: { ...headers, "x-loupe-token": "t0ken" } }, opts)).toEqual({ action: "pass" });
    }
  });

  it("imports a file (201), lists it, reads it whole, deletes it (204), then 404", async () => {
    const bundle = syntheticAdkBundle(5);
    const created = await importRoute.POST(post("/api/bundles/import?name=weather.loupe.json", JSON.stringify(bundle)));
    expect(created.status).toBe(201);
    const summary = (await created.json()) as ImportedBundleSummary;
    expect(summary).toMatchObject({ fileName: "weather.loupe.json", entryCount: 5, unitType: "adk-session" });
    const list = (await (await listRoute.GET()).json()) as ImportedBundleSummary[];
    expect(list.map((s) => s.id)).toEqual([summary.id]);
    const one = (await (await oneRoute.GET(new Request(`${base}/api/bundles/${summary.id}`), ctx(summary.id))).json()) as ImportedBundle;
    expect(one.bundle).toEqual(bundle);
    expect((await oneRoute.DELETE(new Request(base), ctx(summary.id))).status).toBe(204);
    const gone = await oneRoute.GET(new Request(base), ctx(summary.id));
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("not_found:bundle");
    expect((await errorOf(await oneRoute.DELETE(new Request(base), ctx(summary.id)))).code).toBe("not_found:bundle");
  });

  it("downloads a file imported under a name with any characters (€, a line break, half a UTF-16 pair)", async () => {
    // Before: the name went raw into Content-Disposition, and the download was a 500.
    for (const [name, ascii, whole] of [
      ["résumé €.json", "r_sum_ _.json", "r%C3%A9sum%C3%A9%20%E2%82%AC.json"],
      ["a\r\nb.json", "a__b.json", "a%0D%0Ab.json"],
    ]) {
      const created = await importRoute.POST(
        post(`/api/bundles/import?name=${encodeURIComponent(name!)}`, JSON.stringify(syntheticAdkBundle(2))),
      );
      const { id } = (await created.json()) as ImportedBundleSummary;
      const file = await fileRoute.GET(new Request(`${base}/api/bundles/${id}/file`), ctx(id));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${whole}`);
      expect(JSON.parse(await file.text())).toMatchObject({ entries: expect.any(Array) });
      expect((await oneRoute.DELETE(new Request(base), ctx(id))).status).toBe(204);
    }
    // Half a UTF-16 pair (a bundle's own file name may hold one) is sent as U+FFFD, not thrown on.
    expect(attachment("x\ud800.json")).toBe(`attachment; filename="x_.json"; filename*=UTF-8''x%EF%BF%BD.json`);
    expect(attachment("plain.loupe.json")).toBe('attachment; filename="plain.loupe.json"');
  });

  it("a bad file is a 400 bad_request:bundle listing the issues, and nothing is stored", async () => {
    const bundle = syntheticAdkBundle(3);
    const res = await importRoute.POST(post("/api/bundles/import", JSON.stringify({ ...bundle, title: 7 })));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("bad_request:bundle");
    expect((error.details as { issues: BundleIssue[] }).issues[0]).toMatchObject({ path: "title" });
    const notJson = await importRoute.POST(post("/api/bundles/import", "not json"));
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe("bad_request:bundle");
    expect(await (await listRoute.GET()).json()).toEqual([]);
  });

  it("a file over the cap is 413 too_large:bundle, by its declared length or while it streams", async () => {
    const declared = await importRoute.POST(post("/api/bundles/import", "{}", { "content-length": String(BUNDLE_MAX_BYTES + 1) }));
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).code).toBe("too_large:bundle");
    // No length given: the reader stops as soon as the cap is passed (one 8 MiB chunk, sent 26 times).
    const chunk = new Uint8Array(8 * 1024 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > BUNDLE_MAX_BYTES / chunk.byteLength + 1) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await importRoute.POST(post("/api/bundles/import", stream));
    expect(streamed.status).toBe(413);
    expect((await errorOf(streamed)).code).toBe("too_large:bundle");
    expect(sent).toBeLessThan(BUNDLE_MAX_BYTES / chunk.byteLength + 3);
  });

  it("exports recorded traffic as an attachment named after its title, secrets masked; bad refs are 400 and unknown units 404", async () => {
    const store = getStore();
    for (const text of ["hello", "again"]) {
      store.insertEntry({
        connectionId: "gone-conn",
        sessionKey: null,
        receivedAt: Date.now(),
        sourceTime: null,
        direction: "in",
        protocol: "mcp",
        kind: "message",
        raw: { jsonrpc: "2.0", method: "notifications/message", params: { data: text, authorization: "Bearer abc-123-xyz" } },
      });
    }
    const res = await exportRoute.POST(
      post("/api/bundles/export", JSON.stringify({ type: "mcp-traffic", connectionId: "gone-conn", scope: { kind: "all" } })),
    );
    expect(res.status).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.loupe\.json"$/);
    expect(bundle.entries).toHaveLength(2);
    expect(JSON.stringify(bundle)).not.toContain("abc-123-xyz");
    expect(bundle.secrets).toEqual({ masked: 2, mask: SECRET_MASK });

    const bad = await exportRoute.POST(post("/api/bundles/export", JSON.stringify({ type: "nope" })));
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("bad_request:body");
    const missing = await exportRoute.POST(
      post("/api/bundles/export", JSON.stringify({ type: "mcp-traffic", connectionId: "never", scope: { kind: "all" } })),
    );
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("not_found:bundle_unit");
  });
});
