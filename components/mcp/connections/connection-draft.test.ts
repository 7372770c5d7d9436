import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionView } from "@/lib/contracts/connections";
import { draftFromView, draftToInput, emptyDraft, hasAuthorizationHeader } from "@/components/mcp/connections/connection-draft";

describe("connection draft", () => {
  it("splits args like a shell, keeping quoted words whole", () => {
    const r = draftToInput({
      ...emptyDraft(),
      name: "fs",
      command: "npx",
      args: `-y @mcp/fs "/tmp/my dir" 'a b'`,
      env: [{ key: "TOKEN", value: "s3" }],
    });
    expect(r).toEqual({
      ok: true,
      input: {
        name: "fs",
        transport: "stdio",
        command: "npx",
        args: ["-y", "@mcp/fs", "/tmp/my dir", "a b"],
        env: { TOKEN: "s3" },
        requestTimeoutMs: 60000,
      },
    });
  });

  it("splits a whole command line pasted into the command field", () => {
    const r = draftToInput({ ...emptyDraft(), name: "e", command: "npx -y @modelcontextprotocol/server-everything", args: "stdio" });
    expect(r.ok && r.input.transport === "stdio" && [r.input.command, ...r.input.args]).toEqual([
      "npx",
      "-y",
      "@modelcontextprotocol/server-everything",
      "stdio",
    ]);
  });

  it("reports field errors instead of throwing", () => {
    const r = draftToInput({ ...emptyDraft(), transport: "http", name: "", url: "not a url", headers: [{ key: "", value: "x" }] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["headers", "name", "url"]);
    const q = draftToInput({ ...emptyDraft(), name: "n", command: "node", args: `"unterminated` });
    expect(!q.ok && q.errors.args).toMatch(/Unterminated/);
  });

  it("round-trips a saved remote server, sending masked secrets back unchanged", () => {
    const view: ConnectionView = {
      id: "1",
      name: "remote",
      transport: "http",
      url: "http://127.0.0.1:3001/mcp",
      headers: { Authorization: SECRET_MASK },
      requestTimeoutMs: 5000,
      createdAt: 1,
      state: { status: "idle", stderrTail: [], toolsVersion: 0 },
    };
    const d = draftFromView(view);
    expect(d.headers).toEqual([{ key: "Authorization", value: SECRET_MASK }]);
    expect(draftToInput(d)).toEqual({
      ok: true,
      input: {
        name: "remote",
        transport: "http",
        url: "http://127.0.0.1:3001/mcp",
        headers: { Authorization: SECRET_MASK },
        requestTimeoutMs: 5000,
      },
    });
  });

  it("adds the OAuth block only when OAuth was set up, normalising the scope", () => {
    const remote = { ...emptyDraft(), transport: "http" as const, name: "r", url: "http://127.0.0.1:1/mcp" };
    const off = draftToInput(remote);
    expect(off.ok && off.input.transport !== "stdio" && "oauth" in off.input).toBe(false);
    const on = draftToInput({ ...remote, oauthEnabled: true, oauthScope: "  mcp:read   mcp:admin " });
    expect(on.ok && on.input.transport !== "stdio" && on.input.oauth).toEqual({ enabled: true, scope: "mcp:read mcp:admin" });
    const pre = draftToInput({ ...remote, oauthEnabled: true, oauthClientId: " cid ", oauthClientSecret: "s3c" });
    expect(pre.ok && pre.input.transport !== "stdio" && pre.input.oauth).toEqual({ enabled: true, clientId: "cid", clientSecret: "s3c" });
    // Turned off with settings kept: they stay, disabled.
    const kept = draftToInput({ ...remote, oauthEnabled: false, oauthClientId: "cid" });
    expect(kept.ok && kept.input.transport !== "stdio" && kept.input.oauth).toEqual({ enabled: false, clientId: "cid" });
    // stdio never carries OAuth.
    const stdio = draftToInput({ ...emptyDraft(), name: "s", command: "node", oauthEnabled: true });
    expect(stdio.ok && "oauth" in stdio.input).toBe(false);
  });

  it("round-trips OAuth with the masked client secret, and keeps client settings edited elsewhere", () => {
    const view: ConnectionView = {
      id: "1",
      name: "remote",
      transport: "http",
      url: "http://127.0.0.1:3001/mcp",
      headers: {},
      oauth: { enabled: true, clientId: "cid", clientSecret: SECRET_MASK, scope: "a" },
      roots: [{ uri: "file:///tmp" }],
      clientCapabilities: { sampling: false, elicitationForm: true, elicitationUrl: true, roots: true, tasks: false },
      requestTimeoutMs: 5000,
      createdAt: 1,
      state: { status: "idle", stderrTail: [], toolsVersion: 0 },
    };
    const d = draftFromView(view);
    expect(d).toMatchObject({ oauthEnabled: true, oauthClientId: "cid", oauthClientSecret: SECRET_MASK, oauthScope: "a" });
    const r = draftToInput(d);
    expect(r.ok && r.input).toMatchObject({
      oauth: { enabled: true, clientId: "cid", clientSecret: SECRET_MASK, scope: "a" },
      roots: [{ uri: "file:///tmp" }],
      clientCapabilities: { sampling: false },
    });
  });

  it("flags the conflict between OAuth and a custom Authorization header", () => {
    const d = { ...emptyDraft(), transport: "http" as const, headers: [{ key: " authorization ", value: "x" }] };
    expect(hasAuthorizationHeader(d)).toBe(true);
    expect(hasAuthorizationHeader({ ...d, headers: [{ key: "X-Api-Key", value: "x" }] })).toBe(false);
  });
});
