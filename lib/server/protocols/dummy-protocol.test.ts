/**
 * A protocol registered only in the registry handed to the services (issue 20): a dummy adapter,
 * typed against ProtocolAdapter — so it compiles only with every slot filled — shows in the inbox,
 * exports its unit as a bundle (its secrets masked) and is found by the session search, while the
 * production registry knows nothing of it. docs/WHERE.md ("How to add a protocol") points here.
 */
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { InboxStatus } from "@/lib/contracts/inbox";
import type { UnitModule } from "@/lib/server/bundles/units/types";
import type { ProtocolAdapter } from "@/lib/server/protocols/types";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-dummy-protocol-");
process.env.LOUPE_DATA_DIR = data.dir;

const { BundleService } = await import("@/lib/server/bundles");
const { InboxService, inboxReaders } = await import("@/lib/server/inbox");
const { PROTOCOL_ADAPTERS } = await import("@/lib/server/protocols/registry");
const { SessionSearch } = await import("@/lib/server/search");
const { getStore } = await import("@/lib/server/store");
const { getReplayScopes, ReplayScopes } = await import("@/lib/server/testing/replay-scopes");

/** What the dummy's peer holds (a saved header, say) and what its unit's own record holds. */
const HELD_SECRET = "dummy-held-secret-0042";
const UNIT_SECRET = "dummy-unit-secret-0099";

interface DummyRequest {
  id: string;
  status: InboxStatus;
  createdAt: number;
  question: string;
}
const REQUESTS: DummyRequest[] = [
  { id: "ask-1", status: "answered", createdAt: 10, question: "Which city?" },
  { id: "ask-2", status: "pending", createdAt: 5, question: "Book it?" },
];

interface DummyRef {
  type: "dummy-thread";
  threadId: string;
}

const dummyThreadUnit: UnitModule<DummyRef> = {
  type: "dummy-thread",
  export: (ref) =>
    Promise.resolve({
      title: `Dummy thread ${ref.threadId}`,
      connection: { protocol: "loupe", id: "dummy-peer", name: "Dummy peer", target: "http://127.0.0.1:1/dummy" },
      entries: [],
      snapshot: { threadId: ref.threadId, note: `sent with ${HELD_SECRET} and ${UNIT_SECRET}` },
      inbox: REQUESTS.map((r) => ({ ...r, source: "dummy" })),
    }),
  secretValues: () => [UNIT_SECRET],
  snapshotSchema: z.object({ threadId: z.string(), note: z.string() }),
};

const dummyAdapter: ProtocolAdapter = {
  id: "dummy",
  label: "Dummy",
  peers: { list: () => [{ id: "dummy-peer", name: "Dummy peer" }], has: (id) => id === "dummy-peer", remove: () => undefined },
  inbox: () => REQUESTS.map((r) => ({ ...r, source: "dummy" })),
  // Each dummy request is its own thread: the scope a test replay of it would mark.
  inboxScope: (row) => `thread-of-${row.id}`,
  inboxEntryScope: () => null,
  approvalScope: () => null,
  bundleUnits: [dummyThreadUnit],
  search: {
    search: ({ needle }) => ({
      hits: "thread-quokka".includes(needle)
        ? [{ kind: "dummy-thread", match: "id", agentId: "dummy-peer", agentName: "Dummy peer", id: "thread-quokka", updatedAt: 7 }]
        : [],
    }),
  },
  retention: null,
  boot: null,
  secrets: () => [HELD_SECRET],
  testing: null,
  leases: null,
  closeAll: () => Promise.resolve(),
};

// A protocol that forgets a slot does not compile: every slot is required, null says "none".
const { search: _search, ...forgetful } = dummyAdapter;
// @ts-expect-error `search` is missing: the compiler lists what a new protocol lacks
const incomplete: ProtocolAdapter = forgetful;
void incomplete;

const registry = [dummyAdapter];

afterAll(() => {
  getStore().close();
  data.cleanup();
});

describe("a protocol registered only in the registry given to the services", () => {
  it("is not in the production registry", () => {
    expect(PROTOCOL_ADAPTERS.map((a) => a.id)).not.toContain("dummy");
    expect(Object.keys(inboxReaders())).not.toContain("dummy");
  });

  it("shows its requests in the inbox, in the inbox's order, beside the shared approvals desk", () => {
    const readers = inboxReaders(registry);
    expect(Object.keys(readers).sort()).toEqual(["approval", "dummy"]);
    const rows = new InboxService(readers).list();
    expect(rows.map((r) => [r.source, r.id, r.status])).toEqual([
      ["dummy", "ask-2", "pending"],
      ["dummy", "ask-1", "answered"],
    ]);
  });

  it("leaves out the rows of a scope a test replay marked (its inboxScope), through the core alone", () => {
    const inbox = new InboxService(inboxReaders(registry));
    expect(inbox.list().map((r) => r.id)).toContain("ask-2");
    getReplayScopes().mark("dummy", "thread-of-ask-2");
    expect(inbox.list().map((r) => [r.source, r.id])).toEqual([["dummy", "ask-1"]]);
    // Kept in the store: a Loupe started again (a fresh instance over the same database) knows it.
    expect(new ReplayScopes().has("dummy", "thread-of-ask-2")).toBe(true);
    // Another protocol's scope of the same name is not the dummy's.
    getReplayScopes().mark("other", "thread-of-ask-1");
    expect(inbox.list().map((r) => r.id)).toEqual(["ask-1"]);
  });

  it("exports its unit as a bundle: the envelope around its parts, every secret it says it holds masked", async () => {
    const service = new BundleService<DummyRef>(getStore(), () => new Date("2026-11-28T10:00:00.000Z"), registry);
    const bundle = await service.exportUnit({ type: "dummy-thread", threadId: "t-1" });
    expect(bundle).toMatchObject({
      format: "loupe-bundle",
      exportedAt: "2026-11-28T10:00:00.000Z",
      title: "Dummy thread t-1",
      unit: { type: "dummy-thread", threadId: "t-1" },
      connection: { protocol: "loupe", id: "dummy-peer", name: "Dummy peer" },
      entryKinds: [],
      snapshot: { threadId: "t-1", note: `sent with ${SECRET_MASK} and ${SECRET_MASK}` },
      secrets: { masked: 2, mask: SECRET_MASK },
    });
    expect(bundle.inbox).toHaveLength(2);
    // The production service has no module for it: a 400 in words.
    await expect(new BundleService<DummyRef>(getStore()).exportUnit({ type: "dummy-thread", threadId: "t-1" })).rejects.toMatchObject({
      code: "bad_request:bundle_unit",
      message: "This Loupe cannot handle bundles of dummy-thread yet",
    });
  });

  it("is found by the session search, in the result's bounds", async () => {
    const found = await new SessionSearch(registry).search("  Quokka ");
    expect(found).toEqual({
      query: "Quokka",
      hits: [{ kind: "dummy-thread", match: "id", agentId: "dummy-peer", agentName: "Dummy peer", id: "thread-quokka", updatedAt: 7 }],
      errors: [],
      truncated: false,
    });
    expect((await new SessionSearch(registry).search("marmot")).hits).toEqual([]);
  });
});
