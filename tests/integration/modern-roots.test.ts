import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";

// Roots in both eras: on 2026-07-28 the server asks for them inside the call (MRTR input request
// answered from the connection's roots list, no roots/list request), on 2025-11-25 with roots/list.
const data = tempDir("loupe-modern-roots-");
process.env.LOUPE_DATA_DIR = data.dir;

const FIXTURE = path.join(process.cwd(), "tests/fixtures/roots-server.mjs");

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

for (const era of ["2026-07-28", "2025-11-25"] as const) {
  it(`show-roots gets the connection's roots (${era})`, async () => {
    const view = await getRegistry().create(
      stdioInput(`roots ${era}`, [FIXTURE], {
        protocolEra: era,
        roots: [{ uri: "file:///tmp/project", name: "project" }],
      }),
    );
    expect(view.state.era?.version).toBe(era);
    const record = await getRegistry().callTool(view.id, { name: "show-roots", arguments: {} });
    expect(record.status).toBe("ok");
    expect(JSON.stringify(record.result)).toContain("roots: file:///tmp/project");
  }, 20_000);
}
