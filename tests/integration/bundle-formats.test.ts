import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleIssue, BundleOrigin, BundleUnitType } from "@/lib/contracts/bundle";
import { adkSessionSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { AppError } from "@/lib/errors";
import { buildTimeline } from "@/lib/protocols/adk/timeline";
import { BundleService } from "@/lib/server/bundles";
import { openStore, type Store } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

/** The captured foreign files imported through the bundle service, as the import route does, and read back. */
const data = tempDir("loupe-bundle-formats-");
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

const FIXTURES = "tests/fixtures/bundles";
const text = (name: string) => readFileSync(`${FIXTURES}/${name}`, "utf8");

const CASES: { file: string; as: string; origin: BundleOrigin; unitType: BundleUnitType; entries: (json: unknown) => number }[] = [
  {
    file: "adk-web-export.json",
    as: "full.json",
    origin: "adk-web",
    unitType: "adk-session",
    entries: (j) => (j as { events: [] }).events.length,
  },
  {
    file: "adk-session-get.json",
    as: "s_import.json",
    origin: "adk-session-json",
    unitType: "adk-session",
    entries: (j) => (j as { events: [] }).events.length,
  },
  {
    file: "inspector-protocol.json",
    as: "inspector-protocol-node-2026-11-24T10-41-24.047Z.json",
    origin: "mcp-inspector-log",
    unitType: "mcp-traffic",
    entries: (j) => (j as { response?: unknown }[]).reduce<number>((n, r) => n + (r.response ? 2 : 1), 0),
  },
  {
    file: "inspector-console.json",
    as: "inspector-console-node-2026-11-24T10-41-27.405Z.json",
    origin: "mcp-inspector-log",
    unitType: "mcp-traffic",
    entries: (j) => (j as []).length,
  },
  {
    file: "inspector-logs.json",
    as: "inspector-logs-node-2026-11-24T10-41-25.996Z.json",
    origin: "mcp-inspector-log",
    unitType: "mcp-traffic",
    entries: (j) => (j as []).length,
  },
  {
    file: "inspector-http-network.json",
    as: "inspector-network-127.0.0.1%3A7147-2026-11-24T10-54-48.567Z.json",
    origin: "mcp-inspector-log",
    unitType: "mcp-traffic",
    // One exchange per request, plus every JSON-RPC message its request and response bodies carried.
    entries: (j) =>
      (j as { requestBody?: string; responseBody?: string }[]).reduce<number>((n, r) => {
        const sent = r.requestBody?.trim().startsWith("{") ? 1 : 0;
        const got = (r.responseBody ?? "").split("\n").filter((l) => l.startsWith("data: {")).length;
        return n + 1 + sent + got;
      }, 0),
  },
];

describe("importing the captured foreign files through the bundle service", () => {
  for (const c of CASES) {
    it(`${c.file} imports as ${c.origin} and reads back whole`, () => {
      const raw = text(c.file);
      const summary = service.importText(raw, c.as);
      expect(summary).toMatchObject({ unitType: c.unitType, origin: c.origin, fileName: c.as, entryCount: c.entries(JSON.parse(raw)) });
      const { bundle, summary: again } = service.get(summary.id);
      expect(again).toEqual(summary);
      expect(bundle.origin).toEqual({ kind: c.origin, fileName: c.as });
      expect(bundle.entries).toHaveLength(summary.entryCount);
      expect(service.list().map((s) => s.id)).toContain(summary.id);
    });
  }

  it("an imported adk-web export rebuilds the same timeline as the file's events", () => {
    const raw = text("adk-web-export.json");
    const file = JSON.parse(raw) as { events: { id: string }[] };
    const { bundle } = service.get(service.importText(raw, "full.json").id);
    const snapshot = adkSessionSnapshotSchema.parse(bundle.snapshot);
    const fromFile = buildTimeline(file.events);
    const fromBundle = buildTimeline(snapshot.session.events);
    expect(fromBundle.entries.map((e) => e.key)).toEqual(fromFile.entries.map((e) => e.key));
    expect([...fromBundle.calls.keys()]).toEqual([...fromFile.calls.keys()]);
    expect(fromBundle.state).toEqual(fromFile.state);
  });

  it("a broken foreign file imports nothing and names the part", () => {
    const before = service.list().length;
    const session = JSON.parse(text("adk-session-get.json")) as { events: unknown[] };
    session.events[4] = 17;
    let error: unknown;
    try {
      service.importText(JSON.stringify(session), "broken.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toContain("events[4]");
    expect(((error as AppError).details as { issues: BundleIssue[] }).issues.map((i) => i.path)).toEqual(["events[4]"]);
    expect(service.list()).toHaveLength(before);
  });
});
