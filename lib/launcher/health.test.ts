import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { healthKind, probeGlobalStore, serveHealth, type HealthState } from "@/lib/launcher/health";
import { Store } from "@/lib/server/store";

describe("/healthz and /readyz", () => {
  let server: Server;
  let base: string;
  let phase: ReturnType<HealthState["phase"]> = "starting";
  let probe: () => string | null = () => "sqlite";
  beforeAll(async () => {
    server = createServer((req, res) => {
      const kind = healthKind(req.url ?? "/");
      if (!kind) return void res.writeHead(404).end();
      serveHealth(kind, req, res, { phase: () => phase, probeStore: () => probe() });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is live at once, ready only once Loupe serves, and says why not in words", async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
    const starting = await fetch(`${base}/readyz?x=1`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: "not_ready", reason: "Next.js is still starting" });
    phase = "booting";
    expect((await (await fetch(`${base}/readyz`)).json()).reason).toMatch(/starting its connections/);
    phase = "serving";
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", store: "sqlite" }]);
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("is not ready when the store stops answering, and refuses anything but GET and HEAD with its own code", async () => {
    phase = "serving";
    probe = () => {
      throw new Error("connection refused");
    };
    const down = await fetch(`${base}/readyz`);
    expect([down.status, (await down.json()).reason]).toEqual([503, "the store does not answer: connection refused"]);
    const head = await fetch(`${base}/healthz`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    const post = await fetch(`${base}/healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect((await post.json()).error.code).toBe("method_not_allowed:health");
  });

  it("asks the process's open store one query and names its kind", () => {
    const key = Symbol.for("loupe.store");
    const before: unknown = Reflect.get(globalThis, key);
    const dir = mkdtempSync(path.join(tmpdir(), "loupe-health-"));
    const store = new Store(dir);
    try {
      Reflect.set(globalThis, key, undefined);
      expect(probeGlobalStore()).toBeNull();
      Reflect.set(globalThis, key, store);
      expect(probeGlobalStore()).toBe("sqlite");
      store.close();
      expect(() => probeGlobalStore()).toThrow(/not open/);
    } finally {
      Reflect.set(globalThis, key, before);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
