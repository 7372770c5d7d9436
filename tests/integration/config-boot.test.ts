import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, tempDir } from "@/tests/support/servers";

// `--config <file>` at boot (issue 22): its servers are pre-connected, and a second start with the
// same file adds nothing (matched by launch, not by name or id).
const data = tempDir("loupe-config-boot-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_APPS_PORT = "7210";

const { boot } = await import("@/lib/server/boot");
const { parseArgs } = await import("@/lib/launcher/cli");
const { mcpAdapter } = await import("@/lib/server/mcp/adapter");
const { getRegistry } = await import("@/lib/server/mcp/registry");
const { stopAppsHost } = await import("@/lib/server/mcp/apps/apps-sandbox");

const file = path.join(data.dir, "claude_desktop_config.json");
writeFileSync(
  file,
  JSON.stringify({
    mcpServers: {
      everything: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { GREETING: "${HELLO:-hi}" } },
      "no-launch": { env: {} },
    },
  }),
);
const io = { cwd: data.dir, env: {}, home: data.dir };

/** What a new process finds: the saved connections, read again from the store. */
async function restart(): Promise<void> {
  await getRegistry().closeAll();
  Reflect.deleteProperty(globalThis, Symbol.for("loupe.registry"));
}

afterAll(async () => {
  await getRegistry().closeAll();
  await stopAppsHost();
  data.cleanup();
});

describe("boot --config", () => {
  it("pre-connects the file's usable servers", async () => {
    await boot(parseArgs(["--no-demo", "--config", "claude_desktop_config.json"], io), {}, [mcpAdapter]);
    const listed = getRegistry().list();
    expect(listed.map((c) => c.name)).toEqual(["everything"]);
    expect(listed[0]).toMatchObject({ transport: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] });
    expect(listed[0]?.state.status).toBe("connected");
  }, 30_000);

  it("a second start with the same file adds nothing, even after a rename", async () => {
    const [first] = getRegistry().list();
    if (first?.transport !== "stdio") throw new Error("the first boot saved no stdio server");
    await getRegistry().update(first.id, { ...first, name: "renamed by hand", env: {} });
    await restart();
    await boot(parseArgs(["--no-demo", "--config", file], io), {}, [mcpAdapter]);
    const listed = getRegistry().list();
    expect(listed.map((c) => [c.id, c.name])).toEqual([[first.id, "renamed by hand"]]);
    expect(listed[0]?.state.status).toBe("connected");
  }, 30_000);
});
