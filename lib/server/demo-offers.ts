import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import type { DemoFailure, DemoOffer } from "@/lib/contracts/demos";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";
import type { DemoPeer, DemoPeers } from "@/lib/server/protocols/types";

const OFFERS = Symbol.for("loupe.demoOffers");
const FAILURES = Symbol.for("loupe.demoFailures");

/** Whether `name` is installed where Node looks for it from `root`: a node_modules folder of root or of a folder above. */
export function packageResolves(root: string, name: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

const isProtocol = (demos: DemoPeers, key: string): key is keyof DemoPeers & string => Object.hasOwn(demos, key);

/**
 * The demo peers whose packages resolve from `root` (started as before), and an offer for each of
 * the others: the npm package ships without the heavy ones (issue 22), and a demo that cannot run
 * there is offered in words, never a failure at boot.
 */
export function splitDemos(demos: DemoPeers, root: string, resolves = packageResolves): { runnable: DemoPeers; offers: DemoOffer[] } {
  const offers: DemoOffer[] = [];
  const runnable: DemoPeers = { ...demos };
  const keep = (protocol: string) => (demo: DemoPeer<unknown>) => {
    const missing = (demo.needs ?? []).filter((name) => !resolves(root, name));
    if (missing.length === 0) return true;
    offers.push({ protocol, id: demo.id, label: demo.label, missing });
    return false;
  };
  for (const protocol of Object.keys(demos)) {
    if (isProtocol(demos, protocol)) Object.assign(runnable, { [protocol]: demos[protocol]?.filter(keep(protocol)) });
  }
  return { runnable, offers };
}

/** What boot found it could not run (empty before boot and without the demo). */
export function demoOffers(): DemoOffer[] {
  const offers: unknown = Reflect.get(globalThis, OFFERS);
  return Array.isArray(offers) ? offers : [];
}

export function setDemoOffers(offers: DemoOffer[]): void {
  Reflect.set(globalThis, OFFERS, offers);
}

/** The demos that were started and failed, newest last (one per demo: a later failure replaces it). */
export function demoFailures(): DemoFailure[] {
  const failures: unknown = Reflect.get(globalThis, FAILURES);
  return Array.isArray(failures) ? failures : [];
}

/**
 * A demo peer did not start: said in the terminal and kept for the page (GET /api/demos), where the
 * sidebar section of its protocol shows it in words (issue 23).
 */
export function demoFailed(protocol: string, demo: Pick<DemoPeer<unknown>, "id" | "label">, error: unknown): void {
  const message = `${demo.label} did not start: ${errorMessage(error)}`;
  logLine(message);
  Reflect.set(globalThis, FAILURES, [...demoFailures().filter((f) => f.id !== demo.id), { protocol, id: demo.id, message }]);
}
