import { describe, expect, it } from "vitest";
import { rpcErrorText, stripRpcPrefix } from "./error-text";

describe("rpcErrorText", () => {
  it("keeps one SDK prefix of a doubled one", () => {
    expect(rpcErrorText("MCP error -32602: MCP error -32602: bad count")).toBe("MCP error -32602: bad count");
    expect(rpcErrorText("MCP error -32602: bad count")).toBe("MCP error -32602: bad count");
    expect(rpcErrorText("plain words")).toBe("plain words");
  });

  it("strips every prefix for Loupe's own words", () => {
    expect(stripRpcPrefix("MCP error -32000: The server sent a message of 70.0 MB")).toBe("The server sent a message of 70.0 MB");
  });
});
