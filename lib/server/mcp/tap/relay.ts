import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { encodeActor, LOCAL_ACTOR } from "@/lib/contracts/people";
import { clusterLink, forwardTimedOut, writeForwarded, type ForwardedRequest } from "@/lib/launcher/cluster-link";
import { logLine } from "@/lib/log-text";
import { getCluster, instanceNamed } from "@/lib/server/cluster/service";
import { MAX_JSON_BODY_BYTES } from "@/lib/server/http";
import { MCP_LEASE } from "@/lib/server/mcp/held-view";
import { header, readBody, writeRpcError } from "@/lib/server/mcp/tap/node-http";
import { TAP_LEASE } from "@/lib/server/mcp/tap/leased";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { errorMessage } from "@/lib/values";

/*
 * Several instances behind a load balancer (issue 25): a tapped client's request may reach an
 * instance that does not hold the tap. It is RELAYED to the holder (through the cluster link, the
 * database's mailbox), not served by a session re-established here, because everything the request
 * needs lives on the holder and only there: the upstream connection (a stdio server runs once in the
 * cluster), the session's SDK server with what its client declared at initialize, the streams a
 * tapped call's server questions go back on, the events a dropped stream resumes from, and the
 * approval gates its calls wait in. Re-establishing here would mean a second upstream session, or
 * every upstream call and every server question crossing instances anyway, and session state kept in
 * the database on the hot path. A relay costs a round trip through the mailbox for requests that land
 * on the wrong instance only; the holder, and a single Loupe on SQLite (no cluster: one property read
 * below), serve exactly as before.
 *
 * What a relay cannot carry: a stream that stays open. The mailbox carries a whole answer, so a call's
 * SSE answer arrives in one piece when the holder finished it (its progress and log messages with it),
 * a server question sent to the client on that stream waits for nothing (the client sees it only with
 * the end: declare no elicitation/sampling to get them in Loupe's inbox instead), and a GET stream
 * opened for notifications is refused with 405, which a client takes as "this server offers none".
 */

/** The tapped client's request headers the holder's tap reads. */
const PASSED = ["authorization", "accept", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id"];
/** Set by the instance that runs a forwarded request (lib/launcher/cluster-forward.ts): it is never relayed again. */
const FORWARDED = "x-loupe-forwarded";

/**
 * The instance holding `tap` when it is another one, else undefined (serve here). Nobody holds the
 * tap yet (just made, or its holder died and nobody took it yet): the holder of its first connection.
 */
export function tapHeldElsewhere(tap: TapRecord, req: IncomingMessage): string | undefined {
  const cluster = getCluster();
  if (!cluster || cluster.runtime.holds(`${TAP_LEASE}:${tap.id}`) || req.headers[FORWARDED] !== undefined) return undefined;
  const holder =
    cluster.keeper.holderOf(`${TAP_LEASE}:${tap.id}`) ??
    (tap.connectionIds[0] === undefined ? null : cluster.keeper.holderOf(`${MCP_LEASE}:${tap.connectionIds[0]}`));
  return holder && !holder.here ? holder.instance : undefined;
}

/**
 * A stream cannot cross instances. A Streamable HTTP client takes the 405 as "no notification stream"
 * and goes on; a legacy SSE client's whole session is its GET stream, so it is told where the tap is
 * served and what works behind a balancer (its POSTs are relayed, once its stream is on the holder).
 */
function refuseStream(to: string, req: IncomingMessage, res: ServerResponse): void {
  const legacy = /\/sse\/?$/.test((req.url ?? "").split("?", 1)[0] ?? "");
  const where = instanceNamed(to);
  const message = legacy
    ? `Another Loupe instance (${where}) holds this tap: the legacy SSE transport's event stream is served only there. Connect to that instance, send a tap's requests to one instance from the load balancer, or use the Streamable HTTP endpoint (${(req.url ?? "").replace(/\/sse\/?(\?.*)?$/, "")}), which any instance relays`
    : `Another Loupe instance (${where}) holds this tap: this one opens no notification stream for it`;
  writeRpcError(res, 405, -32000, message);
}

/** Relays one tapped client's request to instance `to` and writes its answer as it came (see above). */
export async function relayTap(to: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const forward = clusterLink().forward;
  if (!forward) return void writeRpcError(res, 503, -32000, "Another Loupe instance holds this tap, and this one cannot reach it yet");
  const method = req.method ?? "GET";
  if (method === "GET" && header(req, "last-event-id") === undefined) return void refuseStream(to, req, res);
  let body = "";
  if (method === "POST") {
    try {
      body = await readBody(req, MAX_JSON_BODY_BYTES);
    } catch (error) {
      return void writeRpcError(res, 413, -32600, errorMessage(error));
    }
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED) {
    const value = header(req, name);
    if (value !== undefined) headers[name] = value;
  }
  const request: ForwardedRequest = {
    method,
    url: req.url ?? "/",
    headers,
    body: Buffer.from(body, "utf8").toString("base64"),
    // The tap's key says who may use it; no person is behind a tapped client's request.
    actor: encodeActor(LOCAL_ACTOR),
  };
  try {
    writeForwarded(res, to, await forward(to, request));
  } catch (error) {
    logLine("[loupe] tap: relaying to the instance holding it failed:", errorMessage(error));
    const timedOut = forwardTimedOut(errorMessage(error));
    writeRpcError(res, timedOut ? 504 : 502, -32603, `Another Loupe instance holds this tap and could not answer: ${errorMessage(error)}`);
  }
}
