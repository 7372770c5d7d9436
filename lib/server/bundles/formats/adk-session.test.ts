import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { Bundle, BundleIssue } from "@/lib/contracts/bundle";
import { adkSessionSnapshotSchema, type AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import { AppError } from "@/lib/errors";
import { toEpochMs } from "@/lib/protocols/adk/guards";
import { buildTimeline } from "@/lib/protocols/adk/timeline";
import { validateBundle } from "@/lib/server/bundles/validate";
import { tempDir } from "@/tests/support/servers";
import { adkSessionJsonFormat } from "./adk-session-json";
import { adkWebFormat } from "./adk-web";

const data = tempDir("loupe-formats-adk-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

type Json = Record<string, unknown>;
type Event = { id: string; author: string; timestamp: number; longRunningToolIds?: string[]; content?: { parts?: Json[] } };
type Session = { id: string; appName: string; userId: string; state: Json; events: Event[] };

const FIXTURES = "tests/fixtures/bundles";
const read = (name: string): Session => JSON.parse(readFileSync(`${FIXTURES}/${name}`, "utf8")) as Session;
const webExport = read("adk-web-export.json");
const sessionGet = read("adk-session-get.json");

/** The function calls of the fixture's events, as the file lists them (name + id). */
function callsOf(session: Session): { name: string; id: string }[] {
  return session.events.flatMap((e) =>
    (e.content?.parts ?? []).flatMap((p) => {
      const call = p.functionCall as { name: string; id: string } | undefined;
      return call ? [{ name: call.name, id: call.id }] : [];
    }),
  );
}
const longRunningIds = (session: Session) => new Set(session.events.flatMap((e) => e.longRunningToolIds ?? []));
const answeredIds = (session: Session) =>
  new Set(
    session.events
      .filter((e) => e.author === "user")
      .flatMap((e) => (e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [(p.functionResponse as { id: string }).id] : []))),
  );

function issuesOf(fn: () => unknown): BundleIssue[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("bad_request:bundle");
    return ((e as AppError).details as { issues: BundleIssue[] }).issues;
  }
  throw new Error("expected a refusal");
}

/** Checks a converted session bundle against the envelope, entry kinds, snapshot schema and the file. */
function checkSession(bundle: Bundle, session: Session): AdkSessionSnapshot {
  expect(validateBundle(JSON.parse(JSON.stringify(bundle)))).toBeTruthy();
  const snapshot = adkSessionSnapshotSchema.parse(bundle.snapshot);
  expect(bundle.unit).toEqual({
    type: "adk-session",
    agentId: "imported",
    appName: session.appName,
    userId: session.userId,
    sessionId: session.id,
  });
  expect(bundle.connection).toEqual({ protocol: "adk", id: "imported", name: session.appName, target: "" });
  expect(bundle.entryKinds).toEqual(["event"]);
  expect(bundle.entries).toHaveLength(session.events.length);
  bundle.entries.forEach((entry, i) => {
    const event = session.events[i]!;
    expect(entry).toMatchObject({ seq: i + 1, direction: "in", protocol: "adk", kind: "event", connectionId: "imported" });
    expect(entry.sessionKey).toBe(adkSessionKey(session.appName, session.userId, session.id));
    expect(entry.receivedAt).toBe(toEpochMs(event.timestamp));
    expect((entry.raw as Event).id).toBe(event.id);
  });
  expect(snapshot.session.id).toBe(session.id);
  expect(snapshot.session.events.map((e) => e.id)).toEqual(session.events.map((e) => e.id));
  expect(snapshot.trace).toBeNull();
  expect(snapshot.traceNote).toMatch(/^Not in an /);
  expect(snapshot.artifacts).toEqual([]);
  expect(snapshot.unstored).toEqual([]);
  return snapshot;
}

describe("adk-web session export (captured from the real adk-web UI)", () => {
  it("is claimed by the adk-web converter only", () => {
    expect(adkWebFormat.detect(webExport)).toBe(true);
    expect(adkSessionJsonFormat.detect(webExport)).toBe(false);
  });

  it("converts: one event entry per event, the session whole, the timeline's calls and state, the inbox statuses", () => {
    const bundle = adkWebFormat.convert(webExport, "full.json");
    expect(bundle.origin).toEqual({ kind: "adk-web", fileName: "full.json" });
    expect(bundle.title).toBe(`full · ADK session ${webExport.id} · loupe_demo (adk-web session export)`);
    const snapshot = checkSession(bundle, webExport);
    expect(snapshot.session.state).toEqual(webExport.state);

    // The ADK timeline over the imported events: every call of the file, in order, with its id.
    const timeline = buildTimeline(snapshot.session.events);
    const calls = callsOf(webExport);
    expect(calls.map((c) => c.name)).toEqual(["get_weather", "delete_file", "adk_request_confirmation", "start_job"]);
    expect([...timeline.calls.values()].map((c) => ({ name: c.name, id: c.callId }))).toEqual(calls);
    // The state change of get_weather is in the timeline's state.
    for (const key of ["last_city", "user:lookups", "app:demo_version"]) expect(timeline.state[key]).toEqual(webExport.state[key]);

    // Inbox rows as the live ADK inbox derives them: the confirmation answered in adk-web, the job still pending.
    const inbox = bundle.inbox as InboxRow[];
    const pauses = calls.filter((c) => longRunningIds(webExport).has(c.id));
    expect(inbox.map((r) => (r.source === "adk" ? [r.callName, r.id, r.status] : null))).toEqual(
      pauses.map((c) => [c.name, c.id, answeredIds(webExport).has(c.id) ? "answered" : "pending"]),
    );
    expect(inbox.map((r) => r.status)).toEqual(["answered", "pending"]);
    expect(inbox[0]).toMatchObject({ source: "adk", agentId: "imported", agentName: "loupe_demo", sessionId: webExport.id });
  });
});

describe("ADK GET …/sessions/{id} JSON (captured from the real api_server)", () => {
  it("is claimed by the session JSON converter only", () => {
    expect(adkSessionJsonFormat.detect(sessionGet)).toBe(true);
    expect(adkWebFormat.detect(sessionGet)).toBe(false);
  });

  it("converts with every pause type's status: confirmation and job answered, credential pending", () => {
    const bundle = adkSessionJsonFormat.convert(sessionGet, "s_import.json");
    expect(bundle.origin).toEqual({ kind: "adk-session-json", fileName: "s_import.json" });
    const snapshot = checkSession(bundle, sessionGet);
    const timeline = buildTimeline(snapshot.session.events);
    expect([...timeline.calls.values()].map((c) => c.name)).toEqual(callsOf(sessionGet).map((c) => c.name));
    expect(timeline.calls.get(callsOf(sessionGet).find((c) => c.name === "get_weather")!.id)?.results).toHaveLength(1);
    const inbox = (bundle.inbox as InboxRow[]).map((r) =>
      r.source === "adk" ? { kind: r.kind, name: r.callName, status: r.status } : null,
    );
    expect(inbox).toEqual([
      { kind: "confirmation", name: "adk_request_confirmation", status: "answered" },
      { kind: "long_running", name: "start_job", status: "answered" },
      { kind: "credential", name: "adk_request_credential", status: "pending" },
    ]);
  });

  it("reads adk-web's download name session-<id>.json as an adk-web export", () => {
    expect(adkSessionJsonFormat.convert(sessionGet, `session-${sessionGet.id}.json`).origin.kind).toBe("adk-web");
  });

  it("reads Python's second timestamps as ms (and its nulls where JS leaves a key out)", () => {
    const python = {
      ...sessionGet,
      events: sessionGet.events.map((e) => ({
        ...e,
        timestamp: e.timestamp / 1000,
        longRunningToolIds: e.longRunningToolIds?.length ? e.longRunningToolIds : null,
      })),
    };
    const bundle = adkSessionJsonFormat.convert(python);
    expect(bundle.entries.map((e) => e.receivedAt)).toEqual(sessionGet.events.map((e) => e.timestamp));
  });
});

describe("secrets and broken files", () => {
  it("masks an exchanged credential and a value this Loupe holds (its login token) before anything is kept", () => {
    const token = "loupe-login-token-7f3a9c";
    process.env.LOUPE_TOKEN = token;
    try {
      const apiKey = "sk-imported-secret-4242";
      const events = [
        ...sessionGet.events,
        {
          id: "answer",
          author: "user",
          timestamp: 1795516569000,
          invocationId: "e-answer",
          content: {
            role: "user",
            parts: [
              {
                functionResponse: {
                  id: "cred",
                  name: "adk_request_credential",
                  response: { exchangedAuthCredential: { authType: "apiKey", apiKey } },
                },
              },
              { text: `my token is ${token}` },
            ],
          },
        },
      ];
      const bundle = adkSessionJsonFormat.convert({ ...sessionGet, events });
      const text = JSON.stringify(bundle);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(token);
      expect(text).toContain(SECRET_MASK);
      // Values of the file: the api key and the token.
      expect(bundle.secrets).toEqual({ masked: 2, mask: SECRET_MASK });
    } finally {
      delete process.env.LOUPE_TOKEN;
    }
  });

  it("names the broken part with its path in the original file", () => {
    const events = sessionGet.events.map((e, i) => (i === 3 ? { ...e, content: "oops" } : i === 5 ? { ...e, timestamp: "noon" } : e));
    const issues = issuesOf(() => adkSessionJsonFormat.convert({ ...sessionGet, events }));
    expect(issues.map((i) => i.path)).toEqual(["events[3].content", "events[5].timestamp"]);
    expect(issuesOf(() => adkWebFormat.convert({ ...webExport, state: [] })).map((i) => i.path)).toEqual(["state"]);
    expect(issuesOf(() => adkSessionJsonFormat.convert({ ...sessionGet, events: {} })).map((i) => i.path)).toEqual(["events"]);
  });
});
