/**
 * What the launcher (server.ts, plain Node) and the cluster (lib/server/cluster/, in Next's bundles)
 * hand each other through globalThis (issue 25): the two are separate module graphs in one process,
 * and this file is the one both import. The launcher sets `serveHere` (run a request another instance
 * forwarded, as this instance's own); the cluster, started at boot on a shared store, sets `route`
 * (which instance a request must go to), `forward` (send it there, bring back its answer) and `stop`.
 */

/** An HTTP request one instance hands to the instance that holds its resource. */
export interface ForwardedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  /** The body, base64 ("" when none). */
  body: string;
  /** Who asked (lib/contracts/people.ts' encodeActor): the holder runs the request as them. */
  actor: string;
}

/** The holder's answer, status and body as its route gave them. */
export interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64. */
  body: string;
}

export interface ClusterLink {
  serveHere?: (request: ForwardedRequest) => Promise<ForwardedAnswer>;
  /** The instance holding what the request acts on when it is not this one (and is alive); else undefined. */
  route?: (method: string, url: string) => string | undefined;
  forward?: (to: string, request: ForwardedRequest) => Promise<ForwardedAnswer>;
  /** Lets every lease go and leaves the instance list (a clean stop). */
  stop?: () => void;
}

const KEY = Symbol.for("loupe.clusterLink");

function isLink(value: unknown): value is ClusterLink {
  return typeof value === "object" && value !== null;
}

/** Writes the holder's answer as it came, saying which instance served it (x-loupe-served-by). */
export function writeForwarded(
  res: { writeHead(status: number, headers: Record<string, string>): unknown; end(body: Buffer): unknown },
  to: string,
  answer: ForwardedAnswer,
): void {
  const bytes = Buffer.from(answer.body, "base64");
  res.writeHead(answer.status, { ...answer.headers, "content-length": String(bytes.length), "x-loupe-served-by": to });
  res.end(bytes);
}

/** Whether a forward failed because the holder did not answer in time (504) rather than failing (502). */
export const forwardTimedOut = (message: string): boolean => /did not answer within/.test(message);

/** The process's link, made on first use. */
export function clusterLink(): ClusterLink {
  const found: unknown = Reflect.get(globalThis, KEY);
  if (isLink(found)) return found;
  const made: ClusterLink = {};
  Reflect.set(globalThis, KEY, made);
  return made;
}

const isText = (value: unknown): value is string => typeof value === "string";
const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every(isText);

/** A message body read back from the database is checked before it is served. */
export function isForwardedRequest(value: unknown): value is ForwardedRequest {
  if (typeof value !== "object" || value === null) return false;
  const v: Record<string, unknown> = { ...value };
  return isText(v.method) && isText(v.url) && v.url.startsWith("/") && isTextRecord(v.headers) && isText(v.body) && isText(v.actor);
}

export function isForwardedAnswer(value: unknown): value is ForwardedAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v: Record<string, unknown> = { ...value };
  return typeof v.status === "number" && isTextRecord(v.headers) && isText(v.body);
}
