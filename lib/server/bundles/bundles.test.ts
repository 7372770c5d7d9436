import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, BundleIssue } from "@/lib/contracts/bundle";
import { BUNDLE_FORMAT_VERSION } from "@/lib/contracts/bundle";
import { mcpTrafficSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { BundleService, LOUPE_VERSION } from "@/lib/server/bundles";
import { knownSecrets } from "@/lib/server/bundles/known-secrets";
import { LAUNCH_TOKEN_KEY, looksLikeSecret, savedSecrets, scrubSecrets } from "@/lib/server/bundles/secrets";
import { BUNDLE_UNITS } from "@/lib/server/bundles/units";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import type { BundleUnit, BundleUnitTable } from "@/lib/server/bundles/units/types";
import { openStore, type Store } from "@/lib/server/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-bundles-");
process.env.LOUPE_DATA_DIR = data.dir;
let store: Store;
let service: BundleService;

// The real MCP traffic unit reads the registry's store; this one (same snapshot schema) exports the
// rows of the test's own store, so the service's envelope and scrub are seen on known entries.
const UNIT_SECRET = "unit-held-secret-0042";
const realMcpUnit = BUNDLE_UNITS["mcp-traffic"];

beforeAll(() => {
  store = openStore(data.dir);
  service = new BundleService(store, () => new Date("2026-11-24T10:00:00.000Z"));
  const mcp: BundleUnit<"mcp-traffic"> = {
    type: "mcp-traffic",
    export: (ref) =>
      Promise.resolve({
        title: "secret traffic",
        connection: { protocol: "mcp", id: ref.connectionId, name: "remote" },
        entries: store.connectionEntries(ref.connectionId, undefined, 100).map(({ rawBytes: _bytes, truncated: _t, ...e }) => e),
        snapshot: { scope: ref.scope, calls: [{ note: `the unit knows ${UNIT_SECRET}` }] },
        inbox: [],
      }),
    secretValues: () => [UNIT_SECRET],
    snapshotSchema: mcpTrafficSnapshotSchema,
  };
  BUNDLE_UNITS["mcp-traffic"] = mcp;
});

afterAll(() => {
  BUNDLE_UNITS["mcp-traffic"] = realMcpUnit;
  store.close();
  data.cleanup();
});

/** Imports `text`, expecting a refusal; returns its issues and checks nothing was stored. */
function refused(text: string): { message: string; issues: BundleIssue[] } {
  const before = service.list().length;
  let error: unknown;
  try {
    service.importText(text, "bad.json");
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  const app = error as AppError;
  expect(app.code).toBe("bad_request:bundle");
  expect(app.status).toBe(400);
  expect(service.list()).toHaveLength(before);
  return { message: app.message, issues: (app.details as { issues: BundleIssue[] }).issues };
}

const text = (b: unknown) => JSON.stringify(b);

describe("bundle import", () => {
  it("round-trips a bundle: listed newest first, read back equal, removed", () => {
    const bundle = syntheticAdkBundle(30);
    // A kind this Loupe does not know is kept (the view shows it raw), not refused.
    bundle.entries.push({ ...bundle.entries[0]!, seq: 31, kind: "from_the_future", raw: { anything: [1, 2] } });
    const first = service.importText(text(bundle), "weather.loupe.json");
    expect(first).toMatchObject({ title: "weather s-bundle", unitType: "adk-session", origin: "loupe", fileName: "weather.loupe.json" });
    expect(first.entryCount).toBe(31);
    expect(first.bytes).toBe(Buffer.byteLength(text(bundle)));
    const second = service.importText(text(syntheticAdkBundle(2, { sessionId: "s2" })));
    expect(service.list().map((s) => s.id)).toEqual([second.id, first.id]);
    expect(service.get(first.id)).toEqual({ summary: first, bundle, listPath: ["session", "events"], nextCursor: null });
    service.remove(second.id);
    expect(() => service.get(second.id)).toThrow(expect.objectContaining({ code: "not_found:bundle" }));
    expect(() => service.remove(second.id)).toThrow(expect.objectContaining({ code: "not_found:bundle" }));
  });

  it("bad JSON: names the position, stores nothing", () => {
    const { issues, message } = refused('{"format": "loupe-bundle",, }');
    expect(issues[0]!.path).toBe("(the file)");
    expect(issues[0]!.message).toMatch(/Not valid JSON: .*position 26/);
    expect(message).toMatch(/^Nothing was imported: Not valid JSON/);
  });

  it("a file saved with a byte-order mark imports (kept without it)", () => {
    const plain = text(syntheticAdkBundle(1, { sessionId: "bom" }));
    const summary = service.importText(`\uFEFF${plain}`);
    expect(summary.bytes).toBe(Buffer.byteLength(plain));
    service.remove(summary.id);
  });

  it("a file that is neither a Loupe bundle nor a known format says which formats it knows", () => {
    const { issues } = refused(text({ format: "something-else", events: [] }));
    expect(issues).toEqual([
      { path: "(the file)", message: expect.stringMatching(/^Not a Loupe bundle nor a format Loupe knows \(Loupe bundle/) },
    ]);
  });

  it("a newer format version is refused with what to do", () => {
    const { issues } = refused(text({ ...syntheticAdkBundle(1), formatVersion: BUNDLE_FORMAT_VERSION + 1, loupeVersion: "9.0.0" }));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe("formatVersion");
    expect(issues[0]!.message).toMatch(/format version 2 \(written by Loupe 9\.0\.0\).*reads version 1.*Update Loupe/);
  });

  it("a bad envelope field is named", () => {
    const { issues, message } = refused(text({ ...syntheticAdkBundle(2), exportedAt: 5, unit: { type: "adk-session", agentId: "a" } }));
    const paths = issues.map((i) => i.path);
    expect(paths).toContain("exportedAt");
    expect(paths).toContain("unit.appName");
    expect(message).toMatch(/^Nothing was imported: exportedAt: .* \(and \d+ more problems\)$/);
  });

  it("a known kind whose raw does not fit is named down to the field; a wrong protocol too", () => {
    const bundle: Bundle = syntheticAdkBundle(6);
    bundle.entries[3] = { ...bundle.entries[3]!, kind: "malformed", raw: { text: 5 } };
    bundle.entries[4] = { ...bundle.entries[4]!, kind: "stderr", protocol: "adk", raw: { line: "x" } };
    const { issues } = refused(text(bundle));
    expect(issues.map((i) => i.path)).toEqual(["entries[3].raw.text", "entries[3].raw.error", "entries[4].protocol"]);
    expect(issues[2]!.message).toMatch(/belongs to protocol "mcp"/);
  });

  it("a snapshot that does not fit its unit type is named under snapshot", () => {
    const bundle = syntheticAdkBundle(2);
    const { issues } = refused(text({ ...bundle, snapshot: { ...(bundle.snapshot as object), session: { id: "s", events: "no" } } }));
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(["snapshot.session.appName", "snapshot.session.events"]));
    expect(issues.every((i) => i.path.startsWith("snapshot."))).toBe(true);
  });

  it("stops listing at 50 issues", () => {
    const bundle = syntheticAdkBundle(80);
    for (const entry of bundle.entries) Object.assign(entry, { kind: "malformed", raw: {} });
    expect(refused(text(bundle)).issues).toHaveLength(50);
  });
});

describe("bundle export", () => {
  it("wraps the unit in the envelope and masks every secret Loupe holds, in strings and under secret-like keys", async () => {
    const header = "hdr-secret-value-7731";
    const launch = "launch-token-abcdef";
    const provider = "sk-openai-test-key-5555";
    connectionTable(store).save({
      id: "remote",
      name: "remote",
      transport: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: `Bearer ${header}` },
      requestTimeoutMs: 30_000,
      createdAt: 1,
    });
    connectionTable(store).save({
      id: "local",
      name: "local",
      transport: "stdio",
      command: "x",
      args: [],
      env: { TOKEN: "env-secret-99" },
      requestTimeoutMs: 30_000,
      createdAt: 2,
    });
    (globalThis as { [LAUNCH_TOKEN_KEY]?: string })[LAUNCH_TOKEN_KEY] = launch;
    process.env.OPENAI_API_KEY = provider;
    const entry = (kind: string, raw: unknown) =>
      store.insertEntry({
        connectionId: "remote",
        sessionKey: null,
        receivedAt: 10,
        sourceTime: null,
        direction: "in",
        protocol: "mcp",
        kind,
        raw,
      });
    entry("message", {
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: `headers were Bearer ${header}; env-secret-99 too` }] },
    });
    entry("stderr", { line: `started with ${launch} and ${provider}` });
    // The token of the saved "Bearer …" header, echoed alone.
    entry("stderr", { line: `echo: ${header}` });
    entry("message", {
      jsonrpc: "2.0",
      method: "x",
      params: { deep: [{ apiKey: "plain-value-not-known", password: "", token: SECRET_MASK }] },
    });
    try {
      const bundle = await service.exportUnit({ type: "mcp-traffic", connectionId: "remote", scope: { kind: "all" } });
      const file = JSON.stringify(bundle);
      for (const secret of [header, launch, provider, "env-secret-99", "plain-value-not-known", UNIT_SECRET])
        expect(file).not.toContain(secret);
      expect(bundle).toMatchObject({
        format: "loupe-bundle",
        formatVersion: 1,
        loupeVersion: LOUPE_VERSION,
        exportedAt: "2026-11-24T10:00:00.000Z",
        origin: { kind: "loupe" },
        entryKinds: ["message", "stderr"],
        // The header value (the whole "Bearer …" is what is saved), the env value, the launch token,
        // the provider key, the header's token echoed alone, the apiKey value and the unit's own secret.
        secrets: { masked: 7, mask: SECRET_MASK },
      });
      expect(bundle.entries[0]!.raw).toEqual({
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: `headers were ${SECRET_MASK}; ${SECRET_MASK} too` }] },
      });
      // The empty password and the already-masked token stay as they were.
      expect(bundle.entries[2]!.raw).toEqual({ line: `echo: ${SECRET_MASK}` });
      expect(bundle.entries[3]!.raw).toMatchObject({ params: { deep: [{ apiKey: SECRET_MASK, password: "", token: SECRET_MASK }] } });
      // What it exported imports again.
      expect(service.importText(file).entryCount).toBe(4);
    } finally {
      delete (globalThis as { [LAUNCH_TOKEN_KEY]?: string })[LAUNCH_TOKEN_KEY];
      delete process.env.OPENAI_API_KEY;
    }
  });

  it("ordinary saved header and env values are no secrets: 'application/json' or 'production' stay readable in the file", () => {
    connectionTable(store).save({
      id: "plain",
      name: "plain",
      transport: "stdio",
      command: "x",
      args: [],
      env: { NODE_ENV: "production", DEBUG: "true", HOME_DIR: "/home/user/work", DB_PASSWORD: "hunter22", OPAQUE: "Zq8xk2mP9vLr4tW1" },
      requestTimeoutMs: 30_000,
      createdAt: 3,
    });
    const secrets = knownSecrets(store);
    expect(secrets).toEqual(expect.arrayContaining(["hunter22", "Zq8xk2mP9vLr4tW1"]));
    for (const plain of ["production", "true", "/home/user/work"]) expect(secrets).not.toContain(plain);
    expect(
      savedSecrets({
        Accept: "application/json",
        "X-Api-Key": "abcd",
        Authorization: "Basic dXNlcjpwYXNz",
        Origin: "http://127.0.0.1:3000",
      }),
    ).toEqual(["abcd", "Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"]);
    expect(looksLikeSecret("postgres://app:s3cret@db:5432/x")).toBe(true);
    expect(looksLikeSecret("https://api.example.com/v1")).toBe(false);
    const { value } = scrubSecrets({ text: "content-type application/json in production" }, secrets);
    expect(value.text).toBe("content-type application/json in production");
  });

  it("a type with no unit module is a 400 in words", async () => {
    // Every type has its module in this Loupe: one is taken out for the test, as an older table would lack it.
    const table = BUNDLE_UNITS as Partial<BundleUnitTable>;
    const had = table["agui-run"];
    delete table["agui-run"];
    try {
      await expect(service.exportUnit({ type: "agui-run", agentId: "a", runId: "r" })).rejects.toMatchObject({
        code: "bad_request:bundle_unit",
        message: "This Loupe cannot handle bundles of AG-UI run yet",
      });
      const bundle = { ...syntheticAdkBundle(1), unit: { type: "agui-run", agentId: "a", runId: "r" } };
      expect(refused(text(bundle)).issues).toEqual([{ path: "unit.type", message: "This Loupe cannot read AG-UI run bundles yet" }]);
    } finally {
      if (had) table["agui-run"] = had;
    }
  });

  it("scrubs a 10,000-event tree in linear time, longest secret first, keeping a data __proto__ key as data", () => {
    const big = syntheticAdkBundle(10_000);
    const started = performance.now();
    const { value, masked } = scrubSecrets(big, ["City 9999", "City 99999-not-there", "City"]);
    expect(performance.now() - started).toBeLessThan(5000);
    const raw = JSON.stringify(value);
    expect(raw).not.toContain("City");
    expect(masked).toBeGreaterThan(10_000);
    const odd = scrubSecrets(JSON.parse('{"__proto__": {"token": "abcd-secret"}}') as unknown, []);
    expect(Object.getPrototypeOf(odd.value)).toBe(Object.prototype);
    expect(JSON.stringify(odd.value)).toBe(`{"__proto__":{"token":"${SECRET_MASK}"}}`);
  });
});
