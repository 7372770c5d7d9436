import { describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { findSameLaunch, launchKey } from "./launch";
import { readMcpConfig } from "./read";
import { writeMcpConfig } from "./write";

const stdio: ConnectionInput = {
  name: "everything",
  transport: "stdio",
  command: "node",
  args: ["e.js"],
  env: { TOKEN: "t-1", MODE: "dev" },
  requestTimeoutMs: 60_000,
};
const remote: ConnectionInput = {
  name: "remote",
  transport: "http",
  url: "http://127.0.0.1:9/mcp",
  headers: { Authorization: "Bearer x" },
  requestTimeoutMs: 60_000,
};
const sse: ConnectionInput = { ...remote, name: "everything", transport: "sse", url: "http://127.0.0.1:9/sse", headers: {} };

describe("writeMcpConfig", () => {
  it("writes each shape, names kept unique", () => {
    expect(writeMcpConfig([stdio, remote, sse], "mcpServers")).toEqual({
      mcpServers: {
        everything: { command: "node", args: ["e.js"], env: { TOKEN: "t-1", MODE: "dev" } },
        remote: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer x" } },
        "everything-2": { url: "http://127.0.0.1:9/sse" },
      },
    });
    expect(writeMcpConfig([stdio, remote, sse], "vscode")).toMatchObject({
      inputs: [],
      servers: { everything: { type: "stdio" }, remote: { type: "http" }, "everything-2": { type: "sse" } },
    });
    expect(writeMcpConfig([remote, sse], "inspector")).toMatchObject({
      mcpServers: { remote: { type: "streamable-http" }, everything: { type: "sse" } },
    });
  });

  it("masks through the given mask", () => {
    const out = writeMcpConfig([stdio], "mcpServers", { value: (k, v) => (k === "TOKEN" ? "••" : v), url: (u) => u });
    expect(out).toEqual({ mcpServers: { everything: { command: "node", args: ["e.js"], env: { TOKEN: "••", MODE: "dev" } } } });
  });

  it("reads back what it writes, to the same launch", () => {
    for (const shape of ["mcpServers", "vscode", "inspector"] as const) {
      const back = readMcpConfig(JSON.stringify(writeMcpConfig([stdio, remote, sse], shape)), { env: {} });
      if (!back.ok) throw new Error(back.error);
      expect(back.entries.map((e) => e.input && launchKey(e.input))).toEqual([stdio, remote, sse].map(launchKey));
    }
  });
});

describe("launchKey", () => {
  it("same command+args+cwd or same URL is the same server, whatever the name", () => {
    expect(findSameLaunch({ ...stdio, name: "other", env: {} }, [remote, stdio])).toBe(stdio);
    expect(findSameLaunch({ ...stdio, args: ["f.js"] }, [stdio])).toBeUndefined();
    expect(findSameLaunch({ ...stdio, cwd: "/x" }, [stdio])).toBeUndefined();
    expect(findSameLaunch({ ...remote, url: "http://127.0.0.1:9/mcp", name: "n" }, [stdio, remote])).toBe(remote);
  });
});
