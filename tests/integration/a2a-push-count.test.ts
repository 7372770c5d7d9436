import { afterAll, describe, expect, it } from "vitest";
import { A2aStore } from "@/lib/server/a2a/store";
import { Store } from "@/lib/server/store";
import { startInstance, type Instance } from "@/tests/support/instances";
import { tempDir } from "@/tests/support/servers";
import { storeBackends, type StorePlace } from "@/tests/support/store-backends";

/**
 * The count of a webhook's received updates (issue 25): an A2A agent's pushes reach whatever
 * instance the balancer picks, many at once. Each instance used to read the registration, add one
 * and write it back, so two pushes landing together on two instances counted one. N pushes sent at
 * once, spread over two Loupe processes on one PostgreSQL (one process on SQLite, the local mode),
 * must count N.
 */
const backends = storeBackends();
const instances: Instance[] = [];
const dirs: ReturnType<typeof tempDir>[] = [];
const PUSHES = 40;
const TOKEN = "push-count-token-0123456789abcdef";

afterAll(async () => {
  for (const instance of instances) await instance.stop();
  for (const dir of dirs) dir.cleanup();
});

/** An agent and a webhook bound to task "t1", saved as Loupe saves them; the store is closed again. */
function seed(place: StorePlace): string {
  const store = new A2aStore(new Store(place.dir, { databaseUrl: place.url }));
  const pushId = "push-count";
  store.saveAgent({ id: "agent-1", name: "pushy", url: "http://127.0.0.1:9/", headers: {}, createdAt: Date.now() });
  const registration = { pushId, url: `http://127.0.0.1:1/a2a-push/${pushId}`, registeredAt: Date.now(), received: 0 };
  store.savePush({ pushId, agentId: "agent-1", taskId: "t1", token: TOKEN, registration });
  store.store.close();
  return pushId;
}

function received(place: StorePlace, pushId: string): number | undefined {
  const store = new Store(place.dir, { databaseUrl: place.url });
  try {
    return new A2aStore(store).getPush(pushId)?.registration.received;
  } finally {
    store.close();
  }
}

async function push(on: Instance, pushId: string, i: number): Promise<number> {
  const body = { statusUpdate: { taskId: "t1", contextId: "c1", status: { state: "TASK_STATE_WORKING" }, metadata: { i } } };
  const res = await fetch(`${on.base}/a2a-push/${pushId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-a2a-notification-token": TOKEN },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe.each(backends)("the push count on $name", (backend) => {
  it(`counts ${PUSHES} pushes sent at once, each once`, async () => {
    const place = backend.place();
    const pushId = seed(place);
    const shared = backend.name === "PostgreSQL";
    const on: [Instance, ...Instance[]] = [await startInstance(place.dir, place.url)];
    if (shared) {
      const other = tempDir("loupe-push-count-");
      dirs.push(other);
      on.push(await startInstance(other.dir, place.url));
    }
    instances.push(...on);
    const statuses = await Promise.all(Array.from({ length: PUSHES }, (_, i) => push(i % 2 === 1 && on[1] ? on[1] : on[0], pushId, i)));
    expect(statuses).toEqual(statuses.map(() => 200));
    for (const instance of on) await instance.stop();
    expect(received(place, pushId)).toBe(PUSHES);
  }, 120_000);

  it("goes on from the count an older Loupe kept in the record, and goes with its agent", () => {
    const place = backend.place();
    const pushId = seed(place);
    const store = new Store(place.dir, { databaseUrl: place.url });
    try {
      const a2a = new A2aStore(store);
      const saved = a2a.getPush(pushId);
      if (!saved) throw new Error("the seeded webhook is not in the store");
      a2a.savePush({ ...saved, registration: { ...saved.registration, received: 3 } });
      expect(a2a.countPush(saved, 3)).toBe(4);
      expect(a2a.countPush(saved, 3)).toBe(5);
      expect(a2a.getPush(pushId)?.registration.received).toBe(5);
      expect(a2a.listPush().map((p) => p.registration.received)).toEqual([5]);
      a2a.deleteAgent("agent-1");
      expect(store.prepare("SELECT COUNT(*) AS n FROM a2a_push_counts").get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});
