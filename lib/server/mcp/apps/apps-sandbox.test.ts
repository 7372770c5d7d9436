import { afterEach, describe, expect, it } from "vitest";
import net from "node:net";
import { appsSandboxInfo, loupeOrigins, startAppsHost, stopAppsHost } from "@/lib/server/mcp/apps/apps-sandbox";

const PORT = 7162;
const env = { ...process.env };

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

afterEach(async () => {
  await stopAppsHost();
  process.env = { ...env };
});

describe("the apps listener's life with Loupe", () => {
  it("starts on LOUPE_APPS_PORT, tells the page its origin, and stops the way the launcher stops it", async () => {
    process.env.LOUPE_APPS_PORT = String(PORT);
    process.env.LOUPE_PORT = "7163";
    await startAppsHost();
    expect(await appsSandboxInfo()).toEqual({ origin: `http://127.0.0.1:${PORT}`, port: PORT });
    expect(await portOpen(PORT)).toBe(true);
    // server.ts closes it through this global on SIGINT / SIGTERM / launcher EOF.
    const slot = (globalThis as { [k: symbol]: { sandbox?: { close(): Promise<void> } } | undefined })[Symbol.for("loupe.appsSandbox")];
    await slot?.sandbox?.close();
    expect(await portOpen(PORT)).toBe(false);
  });

  it("reports, instead of failing Loupe, a port in use or a bad LOUPE_APPS_PORT", async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(PORT, "127.0.0.1", () => r()));
    try {
      process.env.LOUPE_APPS_PORT = String(PORT);
      await startAppsHost();
      expect(await appsSandboxInfo()).toEqual({ error: `port ${PORT} (LOUPE_APPS_PORT) is in use` });
    } finally {
      await new Promise((r) => blocker.close(r));
    }
    await stopAppsHost();
    process.env.LOUPE_APPS_PORT = "http";
    await startAppsHost();
    expect(await appsSandboxInfo()).toEqual({ error: 'LOUPE_APPS_PORT must be a port number (0–65535), not "http"' });
  });

  it("knows Loupe's page origins from its port and LOUPE_PUBLIC_URL", () => {
    process.env.LOUPE_PORT = "6461";
    process.env.LOUPE_PUBLIC_URL = "https://loupe.example.com/base";
    expect(loupeOrigins()).toEqual(["http://127.0.0.1:6461", "http://localhost:6461", "https://loupe.example.com"]);
  });
});
