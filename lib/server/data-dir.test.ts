import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Store } from "@/lib/server/store";
import { connectionTable } from "@/lib/server/mcp/connection-store";

const mode = (p: string) => statSync(p).mode & 0o777;
let root = "";
let store: Store | null = null;

afterEach(() => {
  store?.close();
  store = null;
  if (root) rmSync(root, { recursive: true, force: true });
});

function saveSecret(s: Store): void {
  connectionTable(s).save({
    id: "c1",
    name: "secretive",
    transport: "stdio",
    command: "x",
    args: [],
    env: { API_KEY: "sk-secret" },
    createdAt: 1,
  } as never);
}

describe("data dir file modes", () => {
  it("creates a fresh data folder 0700 and loupe.db, -wal and -shm 0600 (whatever the umask)", () => {
    root = mkdtempSync(path.join(tmpdir(), "loupe-modes-"));
    const dir = path.join(root, "nested", ".loupe");
    const umask = process.umask(0o022);
    try {
      store = new Store(dir);
      saveSecret(store);
    } finally {
      process.umask(umask);
    }
    expect(mode(dir).toString(8)).toBe("700");
    for (const f of ["loupe.db", "loupe.db-wal", "loupe.db-shm"]) expect(mode(path.join(dir, f)).toString(8)).toBe("600");
  });

  it("tightens an existing folder and database files that are readable by others", () => {
    root = mkdtempSync(path.join(tmpdir(), "loupe-modes-"));
    const dir = path.join(root, "data");
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const first = new Store(dir);
    saveSecret(first);
    first.close();
    for (const f of ["loupe.db", "loupe.db-wal", "loupe.db-shm"]) {
      const p = path.join(dir, f);
      // A clean close folds the WAL in and removes it: put world-readable ones back, as a crash would leave.
      try {
        chmodSync(p, 0o644);
      } catch {
        writeFileSync(p, "", { mode: 0o644 });
        chmodSync(p, 0o644);
      }
    }
    chmodSync(dir, 0o755);
    store = new Store(dir);
    expect(mode(dir).toString(8)).toBe("700");
    for (const f of ["loupe.db", "loupe.db-wal", "loupe.db-shm"]) expect(mode(path.join(dir, f)).toString(8)).toBe("600");
    expect(connectionTable(store).get("c1")).toBeDefined();
  });
});
