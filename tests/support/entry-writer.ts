import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * Another Loupe writing entries to a shared store (issue 25): a child process that opens a Store on
 * `url` and records `count` entries as fast as it can, yielding to its event loop every few writes
 * so its group commits (5 ms transactions) interleave with another writer's. Resolves when it is
 * done and its store closed (everything committed).
 */
export function writeEntriesFrom(url: string, dir: string, count: number, tag: string): { child: ChildProcess; done: Promise<void> } {
  const script = `
    const { Store } = await import(${JSON.stringify(path.resolve("lib/server/store.ts"))});
    const store = new Store(${JSON.stringify(dir)}, { databaseUrl: ${JSON.stringify(url)} });
    for (let i = 0; i < ${count}; i++) {
      store.insertEntry({ connectionId: ${JSON.stringify(tag)}, sessionKey: null, receivedAt: Date.now(), sourceTime: null,
        direction: "in", protocol: "mcp", kind: "message", raw: { i } });
      if (i % 3 === 2) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    store.close();
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions", "react-server", "--input-type=module", "-e", script], {
    cwd: path.resolve("."),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const done = new Promise<void>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`entry writer ${tag} exited with ${code}: ${err}`)))),
  );
  return { child, done };
}
