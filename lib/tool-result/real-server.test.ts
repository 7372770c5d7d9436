import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { parseToolResult } from "./content";
import { validateStructured } from "./validate";

// The fixtures hold no embedded resource and no isError result, so these cases are taken live
// from the real reference server.
const SERVER = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js");

let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<unknown> {
  // client.request (not callTool) so the SDK's own outputSchema check cannot hide what the server sent.
  return client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema);
}

beforeAll(async () => {
  client = new Client({ name: "loupe-tool-result-test", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER, "stdio"], stderr: "ignore" }));
});

afterAll(async () => {
  await client?.close();
});

describe("results from the real server-everything", () => {
  it("classifies an embedded text resource", async () => {
    const parsed = parseToolResult(await call("get-resource-reference", { resourceType: "Text", resourceId: 2 }));
    expect(parsed.blocks.map((b) => b.kind)).toEqual(["text", "resource_text", "text"]);
    expect(parsed.blocks[1]).toMatchObject({ uri: "demo://resource/dynamic/text/2" });
  });

  it("classifies an embedded blob resource with its decoded size", async () => {
    const parsed = parseToolResult(await call("get-resource-reference", { resourceType: "Blob", resourceId: 1 }));
    const blob = parsed.blocks[1];
    if (blob?.kind !== "resource_blob") throw new Error(`expected resource_blob, got ${blob?.kind}`);
    expect(blob.uri).toBe("demo://resource/dynamic/blob/1");
    expect(blob.byteLength).toBe(Buffer.from(blob.blob, "base64").length);
    expect(blob.byteLength).toBeGreaterThan(0);
  });

  it("reads a thrown tool error as an isError result exempt from the outputSchema rule", async () => {
    const result = await call("get-resource-reference", { resourceType: "Text", resourceId: -1 });
    const parsed = parseToolResult(result);
    expect(parsed.isError).toBe(true);
    expect(parsed.blocks[0]?.kind).toBe("text");
    expect(validateStructured({ type: "object" }, undefined, { isError: parsed.isError })).toEqual({
      kind: "not_checked",
    });
  });
});
