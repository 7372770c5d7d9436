import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DemoPeers } from "@/lib/server/protocols/types";
import { demoOffers, packageResolves, setDemoOffers, setDemoStarts, splitDemos, startDemoOffer } from "./demo-offers";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const input = { name: "x", url: "http://127.0.0.1:1/", headers: {} };
const demos: DemoPeers = {
  a2a: [
    { id: "plain", name: "Plain", label: "The plain demo", start: () => Promise.resolve(input) },
    { id: "heavy", name: "Heavy", label: "The heavy demo", needs: ["present", "@scope/absent"], start: () => Promise.resolve(input) },
  ],
  langgraph: [
    { id: "lg", name: "LG", label: "The LG demo", needs: ["absent-too"], start: () => Promise.resolve({ ...input, pollSeconds: 15 }) },
  ],
};

describe("splitDemos (boot: a demo whose packages are missing is offered, never started)", () => {
  it("keeps the demos whose packages resolve and offers the others with what they lack", () => {
    const { runnable, offers } = splitDemos(demos, "/app", (_root, name) => name === "present");
    expect(runnable.a2a?.map((d) => d.id)).toEqual(["plain"]);
    expect(runnable.langgraph).toEqual([]);
    expect(offers).toEqual([
      { protocol: "a2a", id: "heavy", label: "The heavy demo", missing: ["@scope/absent"] },
      { protocol: "langgraph", id: "lg", label: "The LG demo", missing: ["absent-too"] },
    ]);
  });

  it("offers nothing when everything resolves (the repository)", () => {
    const { runnable, offers } = splitDemos(demos, "/app", () => true);
    expect(offers).toEqual([]);
    expect(runnable.a2a?.map((d) => d.id)).toEqual(["plain", "heavy"]);
  });
});

describe("packageResolves", () => {
  it("finds a package in the root's node_modules or a folder above it, as Node does", () => {
    const top = mkdtempSync(path.join(tmpdir(), "loupe-offers-"));
    dirs.push(top);
    const app = path.join(top, "pkg", "app");
    mkdirSync(path.join(top, "node_modules", "@scope", "above"), { recursive: true });
    writeFileSync(path.join(top, "node_modules", "@scope", "above", "package.json"), "{}");
    mkdirSync(path.join(app, "node_modules", "inside"), { recursive: true });
    writeFileSync(path.join(app, "node_modules", "inside", "package.json"), "{}");
    expect(packageResolves(app, "inside")).toBe(true);
    expect(packageResolves(app, "@scope/above")).toBe(true);
    expect(packageResolves(app, "nowhere-to-be-found-here")).toBe(false);
  });
});

describe("on-request demos (issue 22: a demo heavy to keep idle starts when asked)", () => {
  const lazy: DemoPeers = {
    langgraph: [
      { id: "lg", name: "LG", label: "The LG demo", onRequest: "it is slow", start: () => Promise.resolve({ ...input, pollSeconds: 15 }) },
    ],
  };

  it("offers it with a Start, and does not start it at boot", () => {
    const { runnable, offers, onRequest } = splitDemos(lazy, "/app", () => true);
    expect(runnable.langgraph).toEqual([]);
    expect(onRequest.map((d) => `${d.protocol}/${d.demo.id}`)).toEqual(["langgraph/lg"]);
    expect(offers).toEqual([
      { protocol: "langgraph", id: "lg", label: "The LG demo", missing: [], start: { reason: "it is slow", state: "offered" } },
    ]);
  });

  it("a missing package wins: offered in words, no Start", () => {
    const needs: DemoPeers = { langgraph: lazy.langgraph?.map((d) => ({ ...d, needs: ["absent"] })) };
    const { offers, onRequest } = splitDemos(needs, "/app", () => false);
    expect(onRequest).toEqual([]);
    expect(offers).toEqual([{ protocol: "langgraph", id: "lg", label: "The LG demo", missing: ["absent"] }]);
  });

  it("starting answers 'starting' at once; the offer goes once started, or says why it failed and may be asked again", async () => {
    let finish: (ok: boolean) => void = () => {};
    let calls = 0;
    const start = () => {
      calls++;
      return new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject(new Error("port in use")))));
    };
    setDemoOffers(splitDemos(lazy, "/app", () => true).offers);
    setDemoStarts(new Map([["lg", start]]));
    expect(startDemoOffer("lg").start?.state).toBe("starting");
    expect(startDemoOffer("lg").start?.state).toBe("starting");
    expect(calls).toBe(1);
    finish(false);
    await expect.poll(() => demoOffers()[0]?.start).toEqual({ reason: "it is slow", state: "failed", error: "port in use" });
    expect(startDemoOffer("lg").start?.state).toBe("starting");
    finish(true);
    await expect.poll(() => demoOffers()).toEqual([]);
    expect(() => startDemoOffer("lg")).toThrow(expect.objectContaining({ code: "not_found:demo", status: 404 }));
    expect(() => startDemoOffer("nothing")).toThrow(expect.objectContaining({ code: "not_found:demo" }));
  });
});
