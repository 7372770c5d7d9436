/**
 * A fake Python-shaped ADK api_server (a real HTTP server, shapes from shared/protocols/adk.md §3–§6:
 * camelCase JSON, snake_case request bodies accepted, epoch-second timestamps, UUID event ids, array
 * session lists, `{"detail":…}` errors, `{"error":"Type: msg","error_details":…}` frames) and the
 * Python runner's habit that matters here: after a run that ended paused it appends a compaction
 * event (new invocation id, author `user` or the app) to the stored session — never on the stream.
 * The pending confirmation must stay answerable (issue 9 §1).
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { InboxItem, RunRecord } from "@/lib/contracts/agents";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

type Json = Record<string, unknown>;
interface PySession {
  id: string;
  appName: string;
  userId: string;
  state: Json;
  events: Json[];
  lastUpdateTime: number;
}

const APP = "py_app";
const nowS = (): number => Date.now() / 1000;
const emptyActions = (): Json => ({ stateDelta: {}, artifactDelta: {}, requestedAuthConfigs: {}, requestedToolConfirmations: {} });

/** A Python ADK event as `model_dump(by_alias=True, exclude_none=True)` writes it. */
function pyEvent(invocationId: string, author: string, extra: Json): Json {
  return { id: randomUUID(), invocationId, author, timestamp: nowS(), actions: emptyActions(), nodeInfo: { path: "" }, ...extra };
}

class FakePythonAdk {
  readonly sessions = new Map<string, PySession>();
  readonly runBodies: Json[] = [];
  private server: Server | null = null;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  private async body(req: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? (JSON.parse(text) as Json) : {};
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const p = url.pathname;
    if (req.method === "GET" && p === "/health") return this.json(res, 200, { status: "ok" });
    if (req.method === "GET" && p === "/version")
      return this.json(res, 200, { version: "1.99.0", language: "python", language_version: "3.12.3" });
    if (req.method === "GET" && p === "/list-apps") return this.json(res, 200, [APP]);
    if (req.method === "POST" && p === "/run_sse") return this.run(await this.body(req), res);
    const m = /^\/apps\/([^/]+)\/users\/([^/]+)\/sessions(?:\/([^/]+))?$/.exec(p);
    if (!m) return this.json(res, 404, { detail: "Not Found" });
    const [, app, user, sid] = m.map((s) => (s === undefined ? s : decodeURIComponent(s)));
    if (!sid && req.method === "GET")
      return this.json(
        res,
        200,
        [...this.sessions.values()].filter((s) => s.appName === app && s.userId === user),
      );
    const key = `${app}/${user}/${sid}`;
    if (req.method === "POST") {
      if (this.sessions.has(key)) return this.json(res, 409, { detail: `Session already exists: ${sid}` });
      const body = await this.body(req);
      const session: PySession = {
        id: sid!,
        appName: app!,
        userId: user!,
        state: (body.state as Json) ?? {},
        events: [],
        lastUpdateTime: nowS(),
      };
      this.sessions.set(key, session);
      return this.json(res, 200, session);
    }
    const session = this.sessions.get(key);
    if (!session) return this.json(res, 404, { detail: `Session not found: ${sid}` });
    return this.json(res, 200, session);
  }

  /** Python reads camelCase or snake_case run bodies (adk.md §3). */
  private run(body: Json, res: ServerResponse): void {
    this.runBodies.push(body);
    const pick = (camel: string, snake: string): unknown => body[camel] ?? body[snake];
    const key = `${String(pick("appName", "app_name"))}/${String(pick("userId", "user_id"))}/${String(pick("sessionId", "session_id"))}`;
    const session = this.sessions.get(key);
    if (!session) return this.json(res, 404, { detail: `Session not found: ${key}` });
    const message = pick("newMessage", "new_message") as { parts?: Json[] };
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const inv = `e-${randomUUID()}`;
    const emit = (ev: Json): void => {
      session.events.push(ev);
      res.write(`data: ${JSON.stringify(ev)}\n\n`);
    };
    session.events.push(pyEvent(inv, "user", { content: { role: "user", parts: message.parts ?? [] } }));
    const answer = (message.parts ?? []).find((part) => part.functionResponse)?.functionResponse as Json | undefined;
    if (answer) {
      const pending = this.findCall(session, String(answer.id));
      if (!pending) {
        res.write(
          `data: ${JSON.stringify({ error: `ValueError: No function call event found for function responses ids: {'${String(answer.id)}'}`, error_details: { error_type: "ValueError", timestamp: nowS() } })}\n\n`,
        );
        return void res.end();
      }
      const original = (pending.args as { originalFunctionCall: Json }).originalFunctionCall;
      const confirmed = (answer.response as { confirmed?: boolean }).confirmed === true;
      emit(
        pyEvent(inv, APP, {
          content: {
            role: "user",
            parts: [
              {
                functionResponse: {
                  id: original.id,
                  name: original.name,
                  response: confirmed ? { deleted: (original.args as Json).path } : { error: "This tool call is rejected." },
                },
              },
            ],
          },
        }),
      );
      emit(
        pyEvent(inv, APP, { content: { role: "model", parts: [{ text: confirmed ? "Deleted." : "Not deleted." }] }, turnComplete: true }),
      );
      return void res.end();
    }
    const text = (message.parts ?? []).map((part) => String(part.text ?? "")).join("");
    if (text.includes("glitch")) {
      // Frames no session will hold: a malformed line, JSON of unknown shape, an error frame.
      emit(pyEvent(inv, APP, { content: { role: "model", parts: [{ text: "Working on it." }] } }));
      res.write("data: {not json at all\n\n");
      res.write(`data: ${JSON.stringify({ hello: "world", note: "unknown shape" })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ error: "RuntimeError: the model went away", error_details: { error_type: "RuntimeError", timestamp: nowS() } })}\n\n`,
      );
      return void res.end();
    }
    if (!text.includes("delete")) {
      emit(pyEvent(inv, APP, { content: { role: "model", parts: [{ text: `You said: ${text}` }] }, turnComplete: true }));
      return void res.end();
    }
    const toolCall = { id: `adk-${randomUUID()}`, name: "delete_file", args: { path: "/tmp/old.log" } };
    const confirmId = `adk-${randomUUID()}`;
    const hint =
      "Please approve or reject the tool call delete_file() by responding with a FunctionResponse with an expected ToolConfirmation payload.";
    emit(pyEvent(inv, APP, { content: { role: "model", parts: [{ functionCall: toolCall }] } }));
    emit(
      pyEvent(inv, APP, {
        content: {
          role: "user",
          parts: [
            {
              functionResponse: {
                id: toolCall.id,
                name: toolCall.name,
                response: { error: "This tool call requires confirmation, please approve or reject." },
              },
            },
          ],
        },
      }),
    );
    emit(
      pyEvent(inv, APP, {
        content: {
          role: "model",
          parts: [
            {
              functionCall: {
                id: confirmId,
                name: "adk_request_confirmation",
                args: { originalFunctionCall: toolCall, toolConfirmation: { hint, confirmed: false } },
              },
            },
          ],
        },
        longRunningToolIds: [confirmId],
      }),
    );
    res.end();
    // The runner compacts after the invocation: stored, never streamed (adk.md §5).
    const author = text.includes("app") ? APP : "user";
    const start = (session.events[0]?.timestamp as number) ?? nowS();
    session.events.push(
      pyEvent(`e-${randomUUID()}`, author, {
        actions: {
          ...emptyActions(),
          compaction: {
            startTimestamp: start,
            endTimestamp: nowS(),
            compactedContent: { role: "model", parts: [{ text: "The user asked to delete a file." }] },
          },
        },
      }),
    );
    session.lastUpdateTime = nowS();
  }

  private findCall(session: PySession, id: string): Json | undefined {
    for (const ev of session.events) {
      const parts = (ev.content as { parts?: Json[] } | undefined)?.parts ?? [];
      for (const part of parts) if ((part.functionCall as Json | undefined)?.id === id) return part.functionCall as Json;
    }
    return undefined;
  }
}

const data = tempDir("loupe-adk-python-");
const py = new FakePythonAdk();
let agents: AgentRegistry;
let id = "";

beforeAll(async () => {
  await py.start();
  agents = new AgentRegistry(new Hub(openStore(data.dir)));
  const view = await agents.create({ name: "python", url: py.url, headers: {}, userId: "u1" });
  expect(view.state).toMatchObject({ status: "ok", apps: [APP], version: "1.99.0" });
  id = view.id;
});

afterAll(async () => {
  await agents.closeAll();
  agents.hub.store.close();
  await py.stop();
  data.cleanup();
});

async function finished(run: RunRecord | undefined): Promise<RunRecord> {
  expect(run).toBeDefined();
  return (await agents.waitRun(run!.id))!;
}

async function pausedSession(sid: string, text: string): Promise<{ key: string; item: InboxItem }> {
  await agents.createSession(id, APP, { sessionId: sid });
  expect((await finished(agents.run(id, APP, sid, { parts: [{ text }], streaming: false }))).status).toBe("completed");
  const key = adkSessionKey(APP, "u1", sid);
  const items = agents.listInbox().filter((i) => i.sessionKey === key);
  expect(items.map((i) => [i.kind, i.status])).toEqual([["confirmation", "pending"]]);
  return { key, item: items[0]! };
}

const statusOf = (key: string, item: InboxItem): string | undefined =>
  agents.listInbox().find((i) => i.sessionKey === key && i.key === item.key)?.status;

describe("Python ADK: compaction after a paused run", () => {
  for (const author of ["user", APP]) {
    it(`the compaction event (author ${author}, new invocation) leaves the confirmation pending; the answer goes through`, async () => {
      const sid = `py-${author}`;
      const { key, item } = await pausedSession(sid, author === APP ? "delete it (app)" : "delete it");
      expect(item).toMatchObject({ callName: "adk_request_confirmation", payload: { path: "/tmp/old.log" } });
      // Seconds on the wire, ms in Loupe.
      expect(item.createdAt).toBeGreaterThan(1e12);

      const session = await agents.getSession(id, APP, sid);
      const last = session.events.at(-1) as { author: string; invocationId: string; actions: { compaction?: unknown } };
      expect(last.author).toBe(author);
      expect(last.actions.compaction).toBeDefined();
      expect(last.invocationId).not.toBe(item.invocationId);
      expect(statusOf(key, item)).toBe("pending");

      const res = await agents.answer(id, {
        sessionKey: key,
        interruptId: item.id,
        interruptKey: item.key,
        answer: { kind: "confirmation", confirmed: true },
        streaming: false,
      });
      expect(res.answer.status).toBe("sent");
      expect((await finished(res.run)).status).toBe("completed");
      const sent = py.runBodies.at(-1) as { newMessage: { parts: unknown[] } };
      expect(sent.newMessage.parts).toEqual([
        { functionResponse: { id: item.id, name: "adk_request_confirmation", response: { confirmed: true } } },
      ]);
      const after = await agents.getSession(id, APP, sid);
      expect(JSON.stringify(after.events)).toContain('"deleted":"/tmp/old.log"');
      expect(agents.listInbox().find((i) => i.key === item.key)).toMatchObject({
        status: "answered",
        answerTaken: true,
        answer: { confirmed: true },
      });
    });
  }

  it("a new user message after the pause makes it stale", async () => {
    const { key, item } = await pausedSession("py-turn", "delete it");
    await agents.getSession(id, APP, "py-turn");
    expect(statusOf(key, item)).toBe("pending");
    expect((await finished(agents.run(id, APP, "py-turn", { parts: [{ text: "never mind" }], streaming: false }))).status).toBe(
      "completed",
    );
    await agents.getSession(id, APP, "py-turn");
    expect(statusOf(key, item)).toBe("stale");
  });

  it("Python's error frame refuses an answer: failed with its words", async () => {
    const { key, item } = await pausedSession("py-err", "delete it");
    // The fake forgets the call (as after a server restart with in-memory sessions).
    const session = py.sessions.get(`${APP}/u1/py-err`)!;
    session.events = session.events.filter((ev) => !JSON.stringify(ev).includes(item.id));
    const res = await agents.answer(id, {
      sessionKey: key,
      interruptId: item.id,
      interruptKey: item.key,
      answer: { kind: "confirmation", confirmed: true },
      streaming: false,
    });
    expect(res.answer).toMatchObject({ status: "failed", error: { code: "upstream:agent_stream_error" } });
    expect(res.answer.error?.message).toContain("ValueError: No function call event found");
    expect(statusOf(key, item)).toBe("failed");
  });
});

describe("frames the server streamed but did not store", () => {
  it("stay in the session GET after the run, with their raw text, after the event before them", async () => {
    await agents.createSession(id, APP, { sessionId: "py-glitch" });
    const run = await finished(agents.run(id, APP, "py-glitch", { parts: [{ text: "glitch please" }], streaming: false }));
    expect(run).toMatchObject({ status: "failed", eventCount: 1, error: { message: "RuntimeError: the model went away" } });
    const session = await agents.getSession(id, APP, "py-glitch");
    expect(session.events).toHaveLength(2);
    expect(session.unstored.map((f) => f.kind)).toEqual(["malformed", "event", "stream_error"]);
    expect(session.unstored[0]!.raw).toMatchObject({ text: "{not json at all" });
    expect(session.unstored[1]!.raw).toEqual({ hello: "world", note: "unknown shape" });
    expect(session.unstored[2]!.raw).toMatchObject({ error: "RuntimeError: the model went away" });
    const lastStored = session.events.at(-1) as { timestamp: number };
    expect(session.unstored[0]!.receivedAt).toBeGreaterThanOrEqual(Math.floor(lastStored.timestamp * 1000));
    // Another session's GET does not list them.
    await agents.createSession(id, APP, { sessionId: "py-clean" });
    expect((await agents.getSession(id, APP, "py-clean")).unstored).toEqual([]);
    // They survive a restart of Loupe (read from the entry log).
    const reopened = new AgentRegistry(agents.hub);
    await reopened.create({ name: "python", url: py.url, headers: {}, userId: "u1" }, { id });
    expect((await reopened.getSession(id, APP, "py-glitch")).unstored.map((f) => f.kind)).toEqual(["malformed", "event", "stream_error"]);
  });
});
