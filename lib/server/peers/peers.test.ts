import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import { PeerRegistry } from "@/lib/server/peers/registry";
import { PeerTable, type PeerConfig } from "@/lib/server/peers/table";
import { openStore, type Store } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

interface Input {
  name: string;
  url: string;
  headers: Record<string, string>;
}
interface State {
  status: "unknown" | "ok";
}

let data: { dir: string; cleanup: () => void };
let store: Store;

beforeEach(() => {
  data = tempDir("loupe-peers-");
  store = openStore(data.dir);
});
afterEach(() => {
  store.close();
  data.cleanup();
});

const a2aTable = () => new PeerTable<PeerConfig<Input>>(store, { table: "a2a_agents", cascade: { a2a_tasks: "agent_id" } });
const peer = (id: string, createdAt: number, extra: Partial<PeerConfig<Input>> = {}): PeerConfig<Input> => ({
  id,
  createdAt,
  name: id,
  url: `http://127.0.0.1/${id}`,
  headers: {},
  ...extra,
});
const taskRows = (agentId: string) =>
  store.prepare<{ n: number }>("SELECT COUNT(*) AS n FROM a2a_tasks WHERE agent_id = ?").get(agentId)?.n;

describe("PeerTable", () => {
  it("lists oldest first, reads one by id, upserts keeping the first created_at", () => {
    const table = a2aTable();
    table.save(peer("b", 2));
    table.save(peer("a", 2));
    table.save(peer("c", 1, { builtin: true }));
    expect(table.list().map((p) => p.id)).toEqual(["c", "a", "b"]);
    table.save(peer("c", 99, { name: "renamed" }));
    expect(table.get("c")).toMatchObject({ name: "renamed" });
    expect(table.get("c")?.builtin).toBeUndefined();
    expect(store.prepare<{ created_at: number }>("SELECT created_at FROM a2a_agents WHERE id = 'c'").get()?.created_at).toBe(1);
    expect(table.get("nope")).toBeUndefined();
  });

  it("deletes a peer with its own rows in the cascade tables, and nobody else's", () => {
    const table = a2aTable();
    table.save(peer("a", 1));
    table.save(peer("b", 2));
    const task = store.db.prepare(
      "INSERT INTO a2a_tasks (agent_id, task_id, context_id, updated_at, record) VALUES (?, 't', 'c', 0, '{}')",
    );
    task.run("a");
    task.run("b");
    table.delete("a");
    expect(table.list().map((p) => p.id)).toEqual(["b"]);
    expect([taskRows("a"), taskRows("b")]).toEqual([0, 1]);
  });

  it("fits MCP's connections table too (a union config, four cascade tables)", () => {
    const connections = new PeerTable<ConnectionConfig>(store, {
      table: "connections",
      cascade: { calls: "connection_id", oauth: "connection_id", mcp_requests: "connection_id", mcp_tasks: "connection_id" },
    });
    const stdio: ConnectionConfig = {
      id: "s",
      createdAt: 1,
      name: "s",
      transport: "stdio",
      command: "node",
      args: [],
      env: {},
      requestTimeoutMs: 1000,
    };
    connections.save(stdio);
    expect(connectionTable(store).get("s")).toEqual(stdio);
    expect(connections.list()).toEqual(connectionTable(store).list());
    connections.delete("s");
    expect(connectionTable(store).get("s")).toBeUndefined();
  });
});

function registry(
  builtinRemoval: ((c: PeerConfig<Input>) => AppError) | null = (c) => new AppError("conflict:test_builtin", `"${c.name}" is built in`),
) {
  return new PeerRegistry<Input, State>({
    table: a2aTable(),
    initialState: () => ({ status: "unknown" }),
    notFound: (id) => new AppError("not_found:test_peer", `No test peer with id "${id}"`),
    builtinRemoval,
  });
}

describe("PeerRegistry", () => {
  it("creates, lists masked views, and reloads saved peers from the table with a fresh state", () => {
    const peers = registry();
    const made = peers.create({ name: "one", url: "http://127.0.0.1/1", headers: { Authorization: "Bearer t" } });
    made.state = { status: "ok" };
    expect(peers.get(made.config.id)).toMatchObject({ name: "one", headers: { Authorization: SECRET_MASK }, state: { status: "ok" } });
    expect(peers.find(made.config.id)?.config.headers).toEqual({ Authorization: "Bearer t" });
    expect(registry().list()).toEqual([expect.objectContaining({ id: made.config.id, state: { status: "unknown" } })]);
  });

  it("says the protocol's own not_found", () => {
    const peers = registry();
    expect(peers.has("x")).toBe(false);
    expect(() => peers.get("x")).toThrow(expect.objectContaining({ code: "not_found:test_peer", message: 'No test peer with id "x"' }));
    expect(() => peers.update("x", {})).toThrow(AppError);
    expect(() => peers.remove("x")).toThrow(expect.objectContaining({ code: "not_found:test_peer" }));
  });

  it("a fixed id is replaced in place: same entry and state, first createdAt, builtin kept", () => {
    const peers = registry();
    const first = peers.registerBuiltin("demo", { name: "demo", url: "http://127.0.0.1/a", headers: {} });
    first.state = { status: "ok" };
    const again = peers.create({ name: "demo", url: "http://127.0.0.1/b", headers: {} }, { id: "demo" });
    expect(again).toBe(first);
    expect(again.config).toMatchObject({ url: "http://127.0.0.1/b", builtin: true, createdAt: first.config.createdAt });
    expect(again.state).toEqual({ status: "ok" });
  });

  it("updates the fields given; a masked header keeps its stored value", () => {
    const peers = registry();
    const { config } = peers.create({ name: "one", url: "http://127.0.0.1/1", headers: { Authorization: "Bearer t", X: "1" } });
    peers.update(config.id, { name: "two", headers: { Authorization: SECRET_MASK } });
    expect(a2aTable().get(config.id)).toMatchObject({ name: "two", url: "http://127.0.0.1/1", headers: { Authorization: "Bearer t" } });
    peers.update(config.id, { url: "http://127.0.0.1/2" });
    expect(peers.find(config.id)?.config.headers).toEqual({ Authorization: "Bearer t" });
  });

  it("protects builtin peers with the protocol's error unless asked; cleanup runs before the rows go", () => {
    const peers = registry();
    peers.registerBuiltin("demo", { name: "Demo", url: "http://127.0.0.1/", headers: {} });
    expect(() => peers.remove("demo")).toThrow(expect.objectContaining({ code: "conflict:test_builtin", message: '"Demo" is built in' }));
    expect(peers.has("demo")).toBe(true);
    const seen: boolean[] = [];
    peers.remove("demo", { builtin: true }, () => seen.push(peers.has("demo"), a2aTable().get("demo") !== undefined));
    expect(seen).toEqual([false, true]);
    expect([peers.has("demo"), a2aTable().get("demo")]).toEqual([false, undefined]);
    // A protocol without builtin protection (ADK) removes them like any other.
    const open = registry(null);
    open.registerBuiltin("demo", { name: "Demo", url: "http://127.0.0.1/", headers: {} });
    expect(open.take("demo").config.id).toBe("demo");
    expect(a2aTable().get("demo")).toBeDefined();
  });

  it("announces a peer still starting without saving it; create then saves it", () => {
    const peers = registry();
    peers.announce({ id: "slow", createdAt: 5, name: "slow", url: "http://127.0.0.1/", headers: {}, builtin: true }, { status: "unknown" });
    expect(peers.ids()).toEqual(["slow"]);
    expect(a2aTable().get("slow")).toBeUndefined();
    peers.create({ name: "slow", url: "http://127.0.0.1:9/", headers: {} }, { id: "slow", builtin: true });
    expect(a2aTable().get("slow")).toMatchObject({ createdAt: 5, url: "http://127.0.0.1:9/" });
  });

  it("reads the saved peers again (another instance's adds, edits, removals); one being started here stays", () => {
    const here = registry();
    here.create({ name: "kept", url: "http://127.0.0.1/k", headers: {} }, { id: "kept" }).state = { status: "ok" };
    here.create({ name: "gone", url: "http://127.0.0.1/g", headers: {} }, { id: "gone" });
    here.announce({ id: "slow", createdAt: 5, name: "slow", url: "http://127.0.0.1/", headers: {} }, { status: "unknown" });
    const other = registry();
    other.create({ name: "new", url: "http://127.0.0.1/n", headers: {} }, { id: "new" });
    other.update("kept", { name: "renamed" });
    other.remove("gone");
    const { saved, added } = here.syncSaved();
    expect([saved.sort(), added]).toEqual([["kept", "new"], ["new"]]);
    expect(here.ids().sort()).toEqual(["kept", "new", "slow"]);
    expect(here.get("kept")).toMatchObject({ name: "renamed", state: { status: "ok" } });
    expect(here.get("new").state).toEqual({ status: "unknown" });
    expect(here.syncSaved().added).toEqual([]);
  });
});
