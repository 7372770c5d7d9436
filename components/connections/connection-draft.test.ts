import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionView } from "@/lib/contracts/connections";
import { draftFromView, draftToInput, emptyDraft } from "@/components/connections/connection-draft";

describe("connection draft", () => {
  it("splits args like a shell, keeping quoted words whole", () => {
    const r = draftToInput({ ...emptyDraft(), name: "fs", command: "npx", args: `-y @mcp/fs "/tmp/my dir" 'a b'`, env: [{ key: "TOKEN", value: "s3" }] });
    expect(r).toEqual({
      ok: true,
      input: { name: "fs", transport: "stdio", command: "npx", args: ["-y", "@mcp/fs", "/tmp/my dir", "a b"], env: { TOKEN: "s3" }, requestTimeoutMs: 60000 },
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
      id: "1", name: "remote", transport: "http", url: "http://127.0.0.1:3001/mcp", headers: { Authorization: SECRET_MASK },
      requestTimeoutMs: 5000, createdAt: 1, state: { status: "idle", stderrTail: [], toolsVersion: 0 },
    };
    const d = draftFromView(view);
    expect(d.headers).toEqual([{ key: "Authorization", value: SECRET_MASK }]);
    expect(draftToInput(d)).toEqual({
      ok: true,
      input: { name: "remote", transport: "http", url: "http://127.0.0.1:3001/mcp", headers: { Authorization: SECRET_MASK }, requestTimeoutMs: 5000 },
    });
  });
});
