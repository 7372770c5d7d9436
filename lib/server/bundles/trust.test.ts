import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { BundleService } from "@/lib/server/bundles";
import { knownSecrets } from "@/lib/server/bundles/known-secrets";
import { scrubSecrets } from "@/lib/server/bundles/secrets";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import { openStore, type Store } from "@/lib/server/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { tempDir } from "@/tests/support/servers";

// Trust review of issue 12: an imported bundle is someone else's file, an exported one leaves this machine.
const data = tempDir("loupe-bundle-trust-");
process.env.LOUPE_DATA_DIR = data.dir;
let store: Store;
let service: BundleService;

beforeAll(() => {
  store = openStore(data.dir);
  service = new BundleService(store);
});

afterAll(() => {
  store.close();
  data.cleanup();
});

function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

describe("export: credentials under their own names", () => {
  it("masks a state value whose key names a credential, and an OAuth credential's camelCase fields (ADK JS)", () => {
    const snapshot = {
      state: { "user:github_token": "gho_state_secret_1", "app:stripe_api_key": "sk_live_state_2", city: "Paris", tokenCount: 7 },
      credential: {
        authType: "oauth2",
        oauth2: { clientId: "client-id", accessToken: "ya29.access_3", refreshToken: "1//refresh_4", clientSecret: "cs_5" },
      },
      meta: { progressToken: "progress-token-1", nextPageToken: "page-2" },
    };
    const { value } = scrubSecrets(snapshot, []);
    const text = JSON.stringify(value);
    for (const secret of ["gho_state_secret_1", "sk_live_state_2", "ya29.access_3", "1//refresh_4", "cs_5"])
      expect(text).not.toContain(secret);
    expect(value.state["user:github_token"]).toBe(SECRET_MASK);
    expect(value.credential.oauth2.accessToken).toBe(SECRET_MASK);
    // What the views need stays: ordinary state, client ids, MCP progress tokens (they pair progress with its call).
    expect(value.state.city).toBe("Paris");
    expect(value.credential.oauth2.clientId).toBe("client-id");
    expect(value.meta.progressToken).toBe("progress-token-1");
  });
});

describe("export: credentials inside JSON text", () => {
  it("masks a credential field inside a string that holds JSON (a trace span's tool response, a tool's text result)", () => {
    const toolResponse = JSON.stringify({ result: { github_token: "gho_json_string_7", city: "Paris" } });
    const parts = {
      attributes: { "gcp.vertex.agent.tool_response": toolResponse, "gcp.vertex.agent.tool_call_args": '{"q": "weather"}' },
      content: [{ type: "text", text: '{\n  "access_token": "tok_in_text_8",\n  "expires_in": 3600\n}' }],
      plain: "{ not json",
    };
    const { value, masked } = scrubSecrets(parts, []);
    const text = JSON.stringify(value);
    expect(text).not.toContain("gho_json_string_7");
    expect(text).not.toContain("tok_in_text_8");
    expect(masked).toBe(2);
    expect(JSON.parse(value.attributes["gcp.vertex.agent.tool_response"])).toEqual({
      result: { github_token: SECRET_MASK, city: "Paris" },
    });
    // Nothing to mask: the text stays exactly as it was written.
    expect(value.attributes["gcp.vertex.agent.tool_call_args"]).toBe('{"q": "weather"}');
    expect(value.plain).toBe("{ not json");
    // A known value in JSON text, even as a key, is masked as in any text.
    const known = scrubSecrets({ t: '{"known-value-9999": 1, "note": "uses known-value-9999"}' }, ["known-value-9999"]);
    expect(known.value.t).toBe(`{"${SECRET_MASK}": 1, "note": "uses ${SECRET_MASK}"}`);
  });
});

describe("export: credentials typed into a saved URL", () => {
  it("masks a connection's or agent's URL key, token or password wherever the file shows the URL (connection.target)", () => {
    const mcpUrl = "https://mcp.example.com/mcp?api_key=url-key-0001&region=eu";
    connectionTable(store).save({
      id: "url-secret",
      name: "remote",
      transport: "http",
      url: mcpUrl,
      headers: {},
      requestTimeoutMs: 30_000,
      createdAt: 4,
    });
    const agentUrl = "https://agent-user:url-pass-0002@agents.example.com/";
    store.db.exec(
      "CREATE TABLE IF NOT EXISTS a2a_agents (id TEXT PRIMARY KEY, config TEXT NOT NULL, builtin INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL)",
    );
    store
      .prepare("INSERT INTO a2a_agents (id, config, created_at) VALUES (?, ?, ?)")
      .run("a2a-url", JSON.stringify({ id: "a2a-url", url: agentUrl, headers: {} }), 5);
    const { value } = scrubSecrets({ connection: { target: mcpUrl }, agent: { target: agentUrl } }, knownSecrets(store));
    const text = JSON.stringify(value);
    expect(text).not.toContain("url-key-0001");
    expect(text).not.toContain("url-pass-0002");
    // The rest of the address still says where the peer was.
    expect(value.connection.target).toContain("mcp.example.com/mcp?api_key=");
    expect(value.connection.target).toContain("region=eu");
  });
});

describe("import: a file nested past what Loupe can read back", () => {
  it("refuses it with the place it goes too deep and stores nothing, instead of a bundle every read of which fails", () => {
    const bundle = syntheticAdkBundle(2) as Bundle & Record<string, unknown>;
    const deep = {
      ...bundle,
      entries: bundle.entries.map((e, i) => (i === 1 ? { ...e, raw: { ...(e.raw as object), extra: nested(100_000) } } : e)),
    };
    // JSON.stringify itself cannot write this depth: build the text by hand.
    const text = JSON.stringify(deep, (k, v) => (k === "extra" ? "@@DEEP@@" : v)).replace(
      '"@@DEEP@@"',
      '{"next":'.repeat(100_000) + '"bottom"' + "}".repeat(100_000),
    );
    const before = service.list().length;
    let error: unknown;
    try {
      service.importText(text, "deep.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request:bundle");
    expect((error as AppError).message).toMatch(
      /^Nothing was imported: entries\[1\]\.raw\.extra\.next\.next\.next\.next…: nested deeper than 256 levels/,
    );
    expect(service.list()).toHaveLength(before);
  });

  it("still imports an ordinary deep value (a JSON schema or a state tree a few dozen levels down)", () => {
    const bundle = syntheticAdkBundle(1);
    const ok = { ...bundle, entries: [{ ...bundle.entries[0]!, raw: { ...(bundle.entries[0]!.raw as object), extra: nested(60) } }] };
    const summary = service.importText(JSON.stringify(ok), "ok.json");
    expect(() => JSON.stringify(service.get(summary.id))).not.toThrow();
  });
});
