import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_SNAPSHOTS } from "@/lib/contracts/surface";
import type { SnapshotSummary, StoredSnapshot, SurfaceDiffView } from "@/lib/contracts/surface";
import { getRegistry } from "@/lib/server/mcp/registry";
import { SnapshotStore } from "@/lib/server/mcp/surface/snapshot-store";
import { getStore } from "@/lib/server/store";
import { stdioInput, tempDir } from "@/tests/support/servers";
import * as snapshots from "@/app/api/connections/[id]/snapshots/route";
import * as one from "@/app/api/connections/[id]/snapshots/[snapshotId]/route";
import * as diff from "@/app/api/connections/[id]/snapshots/diff/route";

// Surface snapshots through Loupe's routes (issue 24), against the notes server of our own in
// its two versions (tests/fixtures/notes-server.mjs): snapshot version 1, move the connection to
// version 2, diff the snapshot against the live server.
const data = tempDir("loupe-surface-");
process.env.LOUPE_DATA_DIR = data.dir;
const NOTES = path.resolve(import.meta.dirname, "../fixtures/notes-server.mjs");

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const oneCtx = (id: string, snapshotId: string) => ({ params: Promise.resolve({ id, snapshotId }) });
const post = (body: unknown) =>
  new Request(`${base}/x`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = await r.json();
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${JSON.stringify(body)}`);
  return body;
}

let id = "";
beforeAll(async () => {
  id = (await getRegistry().create(stdioInput("notes", [NOTES, "1"]), { connect: true })).id;
});
afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("surface snapshot routes", () => {
  let first: StoredSnapshot;

  it("POST takes a snapshot of the connected server; GET lists it without its lists and returns it whole", async () => {
    first = await json<StoredSnapshot>(snapshots.POST(post({ label: "v1" }), ctx(id)), 201);
    expect(first).toMatchObject({
      label: "v1",
      server: { name: "notes", version: "1.0.0" },
      counts: { tools: 4, prompts: 1, resources: 1, resourceTemplates: 1 },
    });
    const list = await json<SnapshotSummary[]>(snapshots.GET(new Request(`${base}/x`), ctx(id)));
    expect(list.map((s) => s.id)).toEqual([first.id]);
    expect(list[0]).not.toHaveProperty("snapshot");
    const got = await json<StoredSnapshot>(one.GET(new Request(`${base}/x`), oneCtx(id, first.id)));
    expect(got.snapshot.tools.map((t) => t.name)).toEqual(["add_note", "delete_note", "list_notes", "search_notes"]);
  });

  it("a snapshot diffed against the live server finds nothing; after the server moves to version 2, its breaking changes", async () => {
    const same = await json<SurfaceDiffView>(diff.GET(new Request(`${base}/x?from=${first.id}&to=live`), ctx(id)));
    expect(same.diff.changes).toEqual([]);
    expect(same.to.id).toBe("live");
    await getRegistry().update(id, stdioInput("notes", [NOTES, "2"]));
    await getRegistry().connect(id);
    const view = await json<SurfaceDiffView>(diff.GET(new Request(`${base}/x?from=${first.id}&to=live`), ctx(id)));
    expect(view.diff.breaking).toBe(true);
    expect(view.diff.counts.breaking).toBe(7);
    expect(view.diff.changes[0]).toEqual({
      kind: "breaking",
      path: '$.resourceTemplates["notes://{id}"]',
      message: "Resource template `notes://{id}` was removed.",
    });
    // Two kept snapshots diff the same way.
    const second = await json<StoredSnapshot>(snapshots.POST(post({}), ctx(id)), 201);
    const kept = await json<SurfaceDiffView>(diff.GET(new Request(`${base}/x?from=${first.id}&to=${second.id}`), ctx(id)));
    expect(kept.diff.changes).toEqual(view.diff.changes);
  });

  it("answers client errors with their own codes", async () => {
    const err = async (res: Promise<Response>, status: number) => (await json<{ error: { code: string } }>(res, status)).error.code;
    expect(await err(snapshots.GET(new Request(`${base}/x`), ctx("nope")), 404)).toBe("not_found:connection");
    expect(await err(one.GET(new Request(`${base}/x`), oneCtx(id, "nope")), 404)).toBe("not_found:snapshot");
    expect(await err(diff.GET(new Request(`${base}/x?from=${first.id}`), ctx(id)), 400)).toBe("bad_request:query");
    expect(await err(snapshots.POST(post({ label: 7 }), ctx(id)), 400)).toBe("bad_request:body");
    await getRegistry().disconnect(id);
    expect(await err(snapshots.POST(post({}), ctx(id)), 409)).toBe("conflict:not_connected");
    expect(await err(diff.GET(new Request(`${base}/x?from=${first.id}&to=live`), ctx(id)), 409)).toBe("conflict:not_connected");
    expect((await one.DELETE(new Request(`${base}/x`), oneCtx(id, first.id))).status).toBe(204);
    expect(await err(one.DELETE(new Request(`${base}/x`), oneCtx(id, first.id)), 404)).toBe("not_found:snapshot");
  });

  it(`keeps the newest ${KEEP_SNAPSHOTS} per connection, and none of a deleted connection`, async () => {
    const store = new SnapshotStore(getStore());
    const got = await json<StoredSnapshot[]>(snapshots.GET(new Request(`${base}/x`), ctx(id)));
    const template = await json<StoredSnapshot>(one.GET(new Request(`${base}/x`), oneCtx(id, got[0]?.id ?? "")));
    for (let i = 0; i < KEEP_SNAPSHOTS + 5; i++) store.save({ ...template, id: `s${i}`, takenAt: 1_000 + i });
    const list = store.list(id);
    expect(list).toHaveLength(KEEP_SNAPSHOTS);
    expect(list.map((s) => s.id)).not.toContain("s4");
    await getRegistry().remove(id);
    expect(getStore().prepare<{ n: number }>("SELECT count(*) AS n FROM surface_snapshots").get()?.n).toBe(0);
  });
});
