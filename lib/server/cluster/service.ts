import "server-only";
import { clusterLink, forwardTimedOut, isForwardedAnswer, isForwardedRequest } from "@/lib/launcher/cluster-link";
import { AppError } from "@/lib/errors";
import { LeaseKeeper } from "@/lib/server/cluster/keeper";
import type { Holder, InstanceRoute, LeasedResources } from "@/lib/server/cluster/leased";
import { ClusterRuntime, LEASE_TTL_MS } from "@/lib/server/cluster/runtime";
import type { Store } from "@/lib/server/store";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** The message kind that carries a forwarded HTTP request (lib/launcher/cluster-link.ts). */
const HTTP = "http";
/** A forwarded request may wait this long for its holder (a tool call waiting on a person, a slow server). */
const FORWARD_MS = 10 * 60_000;

/** This instance's place in a cluster: its runtime (leases, mailbox, instance list) and the keeper of what it holds. */
export interface Cluster {
  readonly runtime: ClusterRuntime;
  readonly keeper: LeaseKeeper;
  /** Starts the keeper's rounds (boot, once the adapters have booted). */
  keep(): void;
  stop(): void;
}

const KEY = Symbol.for("loupe.cluster");

function isCluster(value: unknown): value is Cluster {
  return typeof value === "object" && value !== null && "runtime" in value && "keeper" in value;
}

/** The running cluster, or undefined: a single Loupe on its own store (SQLite) runs none. */
export function getCluster(): Cluster | undefined {
  const found: unknown = Reflect.get(globalThis, KEY);
  return isCluster(found) ? found : undefined;
}

/** A positive whole number of ms from the environment, else `fallback`. */
function envMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Starts this instance's part in a cluster on a shared store (issue 25), once per process: it beats,
 * keeps the leases of what the adapters declare (`kinds`), serves what other instances forward to it
 * and hands the launcher where to forward (lib/launcher/cluster-link.ts). The lease ttl is
 * LOUPE_LEASE_TTL_MS (default 15 s): another instance takes over a dead one's resources at most about
 * a ttl and a round (a third of it) after its last renewal. `routes` send a request to the instance
 * recorded on what it acts on (InstanceRoute), after the leases' routes.
 */
export function startCluster(
  store: Store,
  address: string,
  kinds: readonly LeasedResources[],
  routes: readonly InstanceRoute[] = [],
): Cluster {
  const running = getCluster();
  if (running) return running;
  const leaseTtlMs = envMs("LOUPE_LEASE_TTL_MS", LEASE_TTL_MS);
  const runtime = new ClusterRuntime(store, address, { leaseTtlMs, renewBeside: true });
  const keeper = new LeaseKeeper(runtime, store, kinds);
  runtime.on(HTTP, (body) => {
    const serveHere = clusterLink().serveHere;
    if (!serveHere) throw new Error(`instance ${runtime.id} runs without its launcher: it serves no forwarded request`);
    if (!isForwardedRequest(body)) throw new Error("the forwarded request was not one (method, url, headers, body, actor)");
    return serveHere(body);
  });
  const cluster: Cluster = {
    runtime,
    keeper,
    keep: () => keeper.start(Math.max(100, Math.floor(leaseTtlMs / 5))),
    stop: () => {
      keeper.stop();
      runtime.stop();
      Reflect.deleteProperty(globalThis, KEY);
      const link = clusterLink();
      delete link.route;
      delete link.forward;
      delete link.stop;
    },
  };
  Reflect.set(globalThis, KEY, cluster);
  const link = clusterLink();
  link.route = (method, url) => {
    try {
      return keeper.route(method, url) ?? routeToInstance(runtime, routes, method, url);
    } catch (error) {
      // The database away: served here, where the route answers in words (a routing throw would fail the request).
      logLine("[loupe] cluster: routing a request failed, served here:", errorMessage(error));
      return undefined;
    }
  };
  link.forward = async (to, request) => {
    const answer = await whileAlive(runtime, to, runtime.request(to, HTTP, request, FORWARD_MS));
    if (!isForwardedAnswer(answer)) throw new Error(`instance ${to} answered something that is not an HTTP answer`);
    return answer;
  };
  link.stop = () => cluster.stop();
  runtime.start();
  return cluster;
}

/** How often a forwarded request checks that the instance it waits on is still alive. */
const ALIVE_CHECK_MS = 1_000;

/** The instance one of `routes` names for the request, when it is another one and alive; else undefined. */
function routeToInstance(runtime: ClusterRuntime, routes: readonly InstanceRoute[], method: string, url: string): string | undefined {
  if (routes.length === 0) return undefined;
  const pathname = url.split(/[?#]/, 1)[0] ?? url;
  for (const route of routes) {
    const to = route(method, pathname);
    if (to === undefined) continue;
    return to !== runtime.id && instanceAlive(runtime, to) ? to : undefined;
  }
  return undefined;
}

/**
 * Whether instance `to` is alive: by its leases when it holds any (renewed beside the event loop,
 * they lapse a ttl after it died), else by its heartbeat (an instance that holds nothing, where a
 * playground's conversation runs, is still there to serve what was forwarded to it).
 */
export function instanceAlive(runtime: ClusterRuntime, to: string): boolean {
  const held = runtime.leases.heldBy(to);
  if (held.length === 0) return runtime.instances.isAlive(to);
  return held.some((resource) => runtime.leases.holder(resource)?.lapsed === false);
}

/**
 * `answer`, unless instance `to` stops being alive first (it died: its leases lapsed or its heartbeat
 * went quiet, or it stopped cleanly and let them go): then it fails in words at once rather than
 * after FORWARD_MS.
 */
function whileAlive<T>(runtime: ClusterRuntime, to: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (!instanceAlive(runtime, to)) reject(new Error(`instance ${to} stopped while the request waited`));
    }, ALIVE_CHECK_MS);
    timer.unref();
  });
  return Promise.race([answer, gone]).finally(() => clearInterval(timer));
}

/**
 * Asks instance `to` to run what its handler for `kind` serves (ClusterRuntime.on), and waits for its
 * answer while `to` is alive, at most `timeoutMs`. No cluster: an error (nothing else to ask).
 */
export function askInstance(to: string, kind: string, body: unknown, timeoutMs: number = FORWARD_MS): Promise<unknown> {
  const runtime = getCluster()?.runtime;
  if (!runtime) return Promise.reject(new Error("this Loupe runs alone: there is no other instance to ask"));
  return whileAlive(runtime, to, runtime.request(to, kind, body, timeoutMs));
}

/**
 * A request a route decided, once it read its body, must run on instance `to` (issue 25): sent there as
 * it came, with who asked (`actor`, lib/contracts/people.ts' encodeActor), and its answer returned as
 * that instance gave it. What the launcher does for routes it can decide from the URL alone.
 */
export async function forwardFromRoute(req: Request, to: string, body: string, actor: string): Promise<Response> {
  const forward = clusterLink().forward;
  if (!forward) throw new Error("this Loupe runs alone: there is no other instance to forward to");
  const url = new URL(req.url);
  const headers: Record<string, string> = { "content-type": req.headers.get("content-type") ?? "application/json" };
  const request = { method: req.method, url: url.pathname + url.search, headers, body: Buffer.from(body).toString("base64"), actor };
  const answer = await forward(to, request).catch((error: unknown) => {
    // As the launcher's forward says it: the holder too slow (504) or gone (502), never a 500.
    const why = errorMessage(error);
    const code = forwardTimedOut(why) ? "timeout:instance" : "upstream:instance";
    throw new AppError(code, `Another Loupe instance holds what this runs against and could not run it: ${why}`);
  });
  return new Response(Buffer.from(answer.body, "base64"), {
    status: answer.status,
    headers: { ...answer.headers, "x-loupe-served-by": to },
  });
}

/** Who holds `<prefix>:<id>` with the state it published, or null (no cluster, or nobody holds it). */
export function leaseHolder(prefix: string, id: string): { holder: Holder; state: unknown } | null {
  const cluster = getCluster();
  if (!cluster) return null;
  const resource = `${prefix}:${id}`;
  const holder = cluster.keeper.holderOf(resource);
  if (!holder) return null;
  return { holder, state: holder.here ? undefined : cluster.keeper.stateOf(resource, holder) };
}

/**
 * The instance holding the saved peer or server `id` (whatever protocol declared its lease), when it
 * is another live one; null when this instance holds it or nobody does; undefined without a cluster.
 */
export function savedHolder(id: string): string | null | undefined {
  const cluster = getCluster();
  if (!cluster) return undefined;
  const holder = cluster.keeper.holderOfSaved(id);
  return holder && !holder.here ? holder.instance : null;
}

/** How an instance is named in words (its address, or its id once it left the list), e.g. in what a dead one left. */
export function instanceNamed(instance: string, runtime: ClusterRuntime | undefined = getCluster()?.runtime): string {
  const found = runtime?.instances.list().find((i) => i.id === instance);
  return found ? found.address : `instance ${instance}`;
}
