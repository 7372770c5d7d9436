import { describe, expect, it } from "vitest";
import { postRefusal, sessionRefusal } from "@/lib/server/mcp/tap/rpc-shape";

/** What the tap's transport refuses before reading a request's messages, as the SDK's transport does. */
describe("the SDK transport's refusals", () => {
  it("refuses a POST without both Accept types, without JSON, or with a batch over 100", () => {
    expect(postRefusal("application/json", "application/json", {})?.[0]).toBe(406);
    expect(postRefusal("application/json, text/event-stream", "text/plain", {})?.[0]).toBe(415);
    expect(postRefusal("application/json, text/event-stream", "application/json; charset=utf-8", new Array(101).fill({}))?.[0]).toBe(400);
    expect(postRefusal("application/json, text/event-stream", "application/json", new Array(100).fill({}))).toBeUndefined();
  });

  it("refuses a request before initialize, without or with another session id, or with an unsupported version", () => {
    const versions = ["2025-11-25", "2025-06-18"];
    expect(sessionRefusal(undefined, "s", undefined, versions)).toEqual([400, -32000, "Bad Request: Server not initialized"]);
    expect(sessionRefusal("s", undefined, undefined, versions)?.[0]).toBe(400);
    expect(sessionRefusal("s", "t", undefined, versions)).toEqual([404, -32001, "Session not found"]);
    expect(sessionRefusal("s", "s", "2024-01-01", versions)?.[2]).toMatch(/Unsupported protocol version: 2024-01-01/);
    expect(sessionRefusal("s", "s", "2025-06-18", versions)).toBeUndefined();
  });
});
