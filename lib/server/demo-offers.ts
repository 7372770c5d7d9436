import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import type { DemoFailure, DemoOffer } from "@/lib/contracts/demos";
import { AppError } from "@/lib/errors";
import { logLine } from "@/lib/log-text";
import type { DemoPeer, DemoPeers } from "@/lib/server/protocols/types";
import { errorMessage } from "@/lib/values";

const OFFERS = Symbol.for("loupe.demoOffers");
const FAILURES = Symbol.for("loupe.demoFailures");
const STARTS = Symbol.for("loupe.demoStarts");

/** Whether `name` is installed where Node looks for it from `root`: a node_modules folder of root or of a folder above. */
export function packageResolves(root: string, name: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

const isProtocol = (demos: DemoPeers, key: string): key is keyof DemoPeers & string => Object.hasOwn(demos, key);

/** A demo boot leaves for later: it starts when asked (DemoPeer.onRequest). */
export interface OnRequestDemo {
  protocol: string;
  demo: DemoPeer<unknown>;
}

/**
 * The demo peers whose packages resolve from `root` (started as before), an offer for each of the
 * others — the npm package ships without the heavy ones (issue 22), and a demo that cannot run there
 * is offered in words, never a failure at boot — and the ones that start only on request, offered
 * with a Start button.
 */
export function splitDemos(
  demos: DemoPeers,
  root: string,
  resolves = packageResolves,
): { runnable: DemoPeers; offers: DemoOffer[]; onRequest: OnRequestDemo[] } {
  const offers: DemoOffer[] = [];
  const onRequest: OnRequestDemo[] = [];
  const runnable: DemoPeers = { ...demos };
  const keep = (protocol: string) => (demo: DemoPeer<unknown>) => {
    const missing = (demo.needs ?? []).filter((name) => !resolves(root, name));
    if (missing.length > 0) offers.push({ protocol, id: demo.id, label: demo.label, missing });
    else if (demo.onRequest) {
      onRequest.push({ protocol, demo });
      offers.push({ protocol, id: demo.id, label: demo.label, missing: [], start: { reason: demo.onRequest, state: "offered" } });
    }
    return missing.length === 0 && !demo.onRequest;
  };
  for (const protocol of Object.keys(demos)) {
    if (isProtocol(demos, protocol)) Object.assign(runnable, { [protocol]: demos[protocol]?.filter(keep(protocol)) });
  }
  return { runnable, offers, onRequest };
}

/** What boot found it could not run, or left to be started on request (empty before boot and without the demo). */
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

/** How boot starts each on-request demo, by id (resolves once it is saved as a peer). */
export function setDemoStarts(starts: ReadonlyMap<string, () => Promise<void>>): void {
  Reflect.set(globalThis, STARTS, starts);
}

function demoStart(id: string): (() => Promise<void>) | undefined {
  const starts: unknown = Reflect.get(globalThis, STARTS);
  const start: unknown = starts instanceof Map ? starts.get(id) : undefined;
  return typeof start === "function" ? () => Promise.resolve(start()) : undefined;
}

/**
 * Starts an on-request demo (POST /api/demos/<id>/start) and answers its offer at once, "starting";
 * the offer goes once the demo is saved as a peer, or says why it failed (then it may be asked
 * again). Asking while it starts changes nothing.
 */
export function startDemoOffer(id: string): DemoOffer {
  const offer = demoOffers().find((o) => o.id === id);
  const start = demoStart(id);
  if (!offer?.start || !start) throw new AppError("not_found:demo", `No demo "${id}" waits to be started`);
  if (offer.start.state === "starting") return offer;
  offer.start = { reason: offer.start.reason, state: "starting" };
  start().then(
    () => setDemoOffers(demoOffers().filter((o) => o !== offer)),
    (e: unknown) => (offer.start = { reason: offer.start?.reason ?? "", state: "failed", error: errorMessage(e) }),
  );
  return offer;
}
