// Runs one `loupe tap` bridge: newline-delimited JSON-RPC on stdin/stdout ⇄ the tap's Streamable
// HTTP endpoint. stdout carries only JSON-RPC (the client parses every line); words go to stderr.

import { createInterface } from "node:readline";
import {
  createSseParser,
  describeHttpFailure,
  describeNetworkFailure,
  errorReply,
  isRequest,
  paramHeaderDeclarations,
  postHeaders,
  proveTap,
} from "./tap-bridge.mjs";

/**
 * @param {{ url: string, key: string, input: NodeJS.ReadableStream, output: NodeJS.WritableStream,
 *   log: (line: string) => void, reload?: () => ({ url: string, key: string } | null) }} opts
 *   `reload` re-reads taps.json: after a refused key or a refused connection the tap may have a new
 *   key (rotated) or Loupe a new port (restarted), and the bridge retries once with what it says.
 *   `prove`: the key came from taps.json, whose port may be stale; before the key goes to a URL,
 *   the listener must prove it holds the key (proveTap), else nothing is sent.
 * @returns {Promise<number>} the exit code once stdin has closed and the session is ended
 */
export function runBridge(opts) {
  const state = { url: opts.url, key: opts.key, sessionId: undefined, protocolVersion: undefined, paramHeaders: new Map() };
  const inflight = new Set();
  /** The client's notifications and replies on their way: delivered before the bridge closes. */
  const sends = new Set();
  const initIds = new Set();
  /** tools/list request ids: their results say which arguments travel as Mcp-Param headers too. */
  const listIds = new Set();
  const closing = new AbortController();
  let getStream = null;
  /** Settles once the latest initialize has its answer. */
  let initialized = Promise.resolve();
  let lastError = "";
  /** url + key → the pending or passed proof (null: proven; a string: the refusal, asked again next time). */
  const proofs = new Map();
  const proven = async (url, key) => {
    if (!opts.prove) return null;
    const id = `${url}\n${key}`;
    if (!proofs.has(id)) proofs.set(id, proveTap(url, key));
    const problem = await proofs.get(id);
    if (problem) proofs.delete(id);
    return problem;
  };

  const write = (message) => {
    if (closing.signal.aborted) return;
    opts.output.write(`${JSON.stringify(message)}\n`);
  };
  const warn = (line) => {
    // The same failure on every message would flood a client's log: say it once until it changes.
    if (line !== lastError) opts.log(line);
    lastError = line;
  };

  /** Every message from the tap goes to the client as is; an initialize result also sets the revision. */
  const deliver = (message) => {
    for (const m of Array.isArray(message) ? message : [message]) {
      if (m && typeof m === "object" && initIds.has(m.id) && m.result && typeof m.result.protocolVersion === "string") {
        initIds.delete(m.id);
        state.protocolVersion = m.result.protocolVersion;
      }
      if (m && typeof m === "object" && listIds.delete(m.id) && m.result) {
        for (const [name, pairs] of paramHeaderDeclarations(m.result)) state.paramHeaders.set(name, pairs);
      }
      write(m);
    }
  };

  const fail = (message, words) => {
    warn(words);
    if (isRequest(message)) write(errorReply(message.id, words));
  };

  async function readSse(response, parser) {
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      parser.push(decoder.decode(chunk, { stream: true }));
    }
  }

  const sseParser = () =>
    createSseParser((e) => {
      if (!e.data.trim()) return; // a priming event carries no message
      try {
        deliver(JSON.parse(e.data));
      } catch {
        opts.log(`The tap sent an event that is not JSON: ${e.data.slice(0, 200)}`);
      }
    });

  async function post(message, retried = false) {
    const problem = await proven(state.url, state.key);
    if (closing.signal.aborted) return;
    if (problem) {
      if (!retried && (await refreshed())) return post(message, true);
      return fail(message, problem);
    }
    let response;
    try {
      response = await fetch(state.url, {
        method: "POST",
        headers: postHeaders(message, state),
        body: JSON.stringify(message),
        signal: closing.signal,
      });
    } catch (error) {
      if (closing.signal.aborted) return;
      if (!retried && (await refreshed())) return post(message, true);
      return fail(message, describeNetworkFailure(error, state.url));
    }
    const sid = response.headers.get("mcp-session-id");
    if (sid && sid !== state.sessionId) {
      state.sessionId = sid;
    }
    if (!response.ok) {
      const body = await response.text().catch(() => "");
      if ((response.status === 401 || response.status === 404) && !retried && (await refreshed())) return post(message, true);
      // A server may answer a failed request with a JSON-RPC error body: that is the reply, as is.
      const rpc = parseRpc(body);
      if (rpc && isRequest(message) && rpc.id === message.id) {
        lastError = "";
        return deliver(rpc);
      }
      if (response.status === 404 && state.sessionId && message.method !== "initialize") {
        state.sessionId = undefined; // the tap forgot the session (Loupe restarted): the client must initialize again
      }
      return fail(message, describeHttpFailure(response.status, state.url, body));
    }
    lastError = "";
    if (message.method === "notifications/initialized" && state.sessionId) openGetStream();
    const type = response.headers.get("content-type") ?? "";
    if (response.status === 202 || !response.body) return;
    if (type.includes("text/event-stream")) {
      await readSse(response, sseParser()).catch((error) => {
        if (!closing.signal.aborted) fail(message, `The tap's reply stream broke: ${error?.message ?? error}`);
      });
    } else {
      const body = await response.text();
      if (!body.trim()) return;
      const rpc = parseRpc(body);
      if (rpc) deliver(rpc);
      else fail(message, `The tap answered something that is not JSON-RPC: ${body.slice(0, 200)}`);
    }
  }

  /** taps.json names another key or URL than the one in use: take it (true) so the caller retries. */
  async function refreshed() {
    const next = opts.reload?.();
    if (!next || (next.url === state.url && next.key === state.key)) return false;
    // The new URL is taken only once its listener proved it holds the key (the GET stream and the
    // final DELETE use the state too).
    const problem = await proven(next.url, next.key);
    if (problem) {
      warn(problem);
      return false;
    }
    opts.log(`taps.json now names ${next.url}${next.key !== state.key ? " with a new key" : ""}: retrying.`);
    state.url = next.url;
    state.key = next.key;
    return true;
  }

  /**
   * A 2025-11-25 session's server→client requests and notifications (sampling, elicitation, roots,
   * list changes) come on a GET stream; it is reopened (with Last-Event-ID) while the session lives.
   */
  function openGetStream() {
    if (getStream) return;
    getStream = (async () => {
      let lastEventId;
      for (let attempt = 0; attempt < 5 && !closing.signal.aborted && state.sessionId; attempt++) {
        const headers = { accept: "text/event-stream", authorization: `Bearer ${state.key}`, "mcp-session-id": state.sessionId };
        if (state.protocolVersion) headers["mcp-protocol-version"] = state.protocolVersion;
        if (lastEventId) headers["last-event-id"] = lastEventId;
        try {
          const response = await fetch(state.url, { method: "GET", headers, signal: closing.signal });
          if (response.status === 405) return; // the server offers no stream: nothing to listen to
          if (!response.ok || !response.body) {
            opts.log(
              `The tap's event stream was refused: ${describeHttpFailure(response.status, state.url, await response.text().catch(() => ""))}`,
            );
            return;
          }
          attempt = 0;
          const parser = sseParser();
          await readSse(response, parser);
          lastEventId = parser.lastEventId ?? lastEventId;
        } catch (error) {
          if (closing.signal.aborted) return;
          opts.log(`The tap's event stream dropped: ${describeNetworkFailure(error, state.url)}`);
        }
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
      }
    })().finally(() => {
      getStream = null;
    });
  }

  return new Promise((resolve) => {
    const lines = createInterface({ input: opts.input, crlfDelay: Infinity });
    lines.on("line", (line) => {
      if (!line.trim()) return;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        opts.log(`Not JSON on stdin (ignored): ${line.slice(0, 200)}`);
        write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not JSON." } });
        return;
      }
      if (isRequest(message) && message.method === "initialize") initIds.add(message.id);
      if (isRequest(message) && message.method === "tools/list") listIds.add(message.id);
      // Until initialize is answered there is no session id: what follows it waits (a client that
      // pipelines `notifications/initialized` would otherwise reach the tap without a session).
      const isInit = isRequest(message) && message.method === "initialize";
      const before = initialized;
      const p = (isInit ? post(message) : before.then(() => post(message))).catch((error) =>
        fail(message, `The bridge failed: ${error?.message ?? error}`),
      );
      if (isInit) initialized = p.catch(() => undefined);
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      if (!isRequest(message)) {
        sends.add(p);
        void p.finally(() => sends.delete(p));
      }
    });
    lines.once("close", async () => {
      // Notifications and replies the client wrote before it closed stdin (e.g. a cancellation, its
      // answer to an elicitation) still go out, briefly; then what is in flight is aborted (the tap
      // cancels those upstream calls) and the session ended.
      if (sends.size) await Promise.race([Promise.allSettled([...sends]), new Promise((r) => setTimeout(r, 2000))]);
      closing.abort();
      if (state.sessionId) {
        await fetch(state.url, {
          method: "DELETE",
          headers: { authorization: `Bearer ${state.key}`, "mcp-session-id": state.sessionId },
          signal: AbortSignal.timeout(3000),
        }).catch(() => undefined);
      }
      resolve(0);
    });
  });
}

function parseRpc(body) {
  try {
    const parsed = JSON.parse(body);
    return parsed && typeof parsed === "object" && (parsed.jsonrpc === "2.0" || Array.isArray(parsed)) ? parsed : null;
  } catch {
    return null;
  }
}
