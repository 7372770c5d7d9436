/**
 * The demo A2A agent `npm start` runs (demo/peers.ts): inside Loupe's own process, as the demo AG-UI
 * agent, not as a child Node of its own (~20 MiB more for the tree; issue 22).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_A2A_ID, DEMO_PEERS } from "./peers";

const ROOT = path.resolve(import.meta.dirname, "..");

/** This process's live children (Linux /proc: by parent pid). */
function children(): number[] {
  return readdirSync("/proc").flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      return ppid === process.pid && !/^State:\s+Z/m.test(status) ? [Number(name)] : [];
    } catch {
      return []; // gone meanwhile
    }
  });
}

afterAll(async () => {
  const running: unknown = await Reflect.get(globalThis, Symbol.for("loupe.demoA2aAgent"));
  if (typeof running === "object" && running !== null && "stop" in running && typeof running.stop === "function") await running.stop();
});

describe("the demo A2A agent", () => {
  it("serves its card from this process, with no child process", async () => {
    const peer = DEMO_PEERS.a2a?.find((p) => p.id === DEMO_A2A_ID);
    if (!peer) throw new Error(`no demo peer ${DEMO_A2A_ID}`);
    const before = new Set(children());
    const { url } = await peer.start({ root: ROOT });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json$/);
    const card: unknown = await fetch(url).then((r) => r.json());
    expect(card).toMatchObject({ name: expect.any(String), supportedInterfaces: expect.any(Array) });
    expect(children().filter((pid) => !before.has(pid))).toEqual([]);
  }, 60_000);
});
