import { afterAll, describe, expect, it } from "vitest";
import path from "node:path";
import type { CallRecord } from "@/lib/contracts/calls";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { requiredUrlElicitations } from "@/components/elements/tool-result/url-elicitation-error";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/url-elicitation-server.mjs");
const data = tempDir("loupe-url-elicitation-");
const registry = new Registry(new Hub(openStore(data.dir)));

afterAll(async () => {
  await registry.closeAll();
  registry.hub.store.close();
  data.cleanup();
});

const details = (call: CallRecord) => call.error?.details as { code: number; data: { elicitations: unknown[] } };

describe("a tools/call refused with -32042 (URL elicitation required)", () => {
  it("keeps the error's links on the call record; the retried call runs (fixture server)", async () => {
    const { id } = await registry.create(stdioInput("url-fixture", [FIXTURE]));
    const refused = await registry.callTool(id, { name: "connect-account", arguments: { account: "ada" } });
    expect(refused.status).toBe("rpc_error");
    expect(details(refused).code).toBe(-32042);
    const links = requiredUrlElicitations(refused.error?.details);
    expect(links).toEqual([
      expect.objectContaining({
        url: "https://auth.example.com/connect?account=ada",
        domain: "auth.example.com",
        linkable: true,
        elicitationId: "auth-1",
      }),
      expect.objectContaining({ url: "javascript:alert(1)", linkable: false }),
    ]);
    // What the view's Retry does: the same call again.
    const retried = await registry.callTool(id, { name: refused.tool, arguments: refused.args });
    expect(retried.status).toBe("ok");
    expect(JSON.stringify(retried.result)).toContain("connected ada after 1 refusal");
  }, 30_000);

  it("reads server-everything's own -32042 (trigger-url-elicitation with errorPath)", async () => {
    const { id } = await registry.create(stdioInput("everything-url", [EVERYTHING, "stdio"]));
    const args = { url: "https://example.org/consent", message: "Consent first", elicitationId: "e-1", errorPath: true };
    const refused = await registry.callTool(id, { name: "trigger-url-elicitation", arguments: args });
    expect(refused.status).toBe("rpc_error");
    expect(details(refused).code).toBe(-32042);
    expect(requiredUrlElicitations(refused.error?.details)).toEqual([
      // Its prerequisite page is fixed, whatever URL the call names.
      expect.objectContaining({ url: "https://modelcontextprotocol.io", domain: "modelcontextprotocol.io", linkable: true }),
    ]);
    await registry.disconnect(id);
  }, 30_000);
});
