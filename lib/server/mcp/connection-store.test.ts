import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { callStore } from "@/lib/server/mcp/call-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import { readOAuth, saveOAuth } from "@/lib/server/mcp/oauth/oauth-store";
import { openStore } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";

let dir: string;
let store: Store;

const config: ConnectionConfig = {
  id: "c1",
  name: "one",
  transport: "http",
  url: "http://127.0.0.1:1/mcp",
  headers: { Authorization: "Bearer t" },
  requestTimeoutMs: 1000,
  createdAt: 1,
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-connections-"));
  store = openStore(dir);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("connectionTable", () => {
  it("saves, replaces and deletes connections, secrets included", () => {
    const connections = connectionTable(store);
    connections.save(config);
    connections.save({ ...config, name: "renamed", builtin: true });
    expect(connections.list()).toEqual([{ ...config, name: "renamed", builtin: true }]);
    connections.delete("c1");
    expect(connections.get("c1")).toBeUndefined();
  });

  it("deletes a connection's calls and OAuth state with it, and no other connection's", () => {
    const connections = connectionTable(store);
    connections.save(config);
    connections.save({ ...config, id: "c2", createdAt: 2 });
    for (const connectionId of ["c1", "c2"]) {
      const id = `call-${connectionId}`;
      callStore(store).save({
        id,
        connectionId,
        tool: "echo",
        args: {},
        requestId: 1,
        startedAt: 1,
        endedAt: 2,
        timeoutMs: 1000,
        status: "ok",
      });
      saveOAuth(store, connectionId, { tokens: { access_token: `token-${connectionId}`, token_type: "Bearer" } });
    }
    connections.delete("c1");
    expect(connections.list().map((c) => c.id)).toEqual(["c2"]);
    expect([callStore(store).get("call-c1"), callStore(store).get("call-c2")?.id]).toEqual([undefined, "call-c2"]);
    expect([readOAuth(store, "c1").tokens, readOAuth(store, "c2").tokens?.access_token]).toEqual([undefined, "token-c2"]);
  });
});
