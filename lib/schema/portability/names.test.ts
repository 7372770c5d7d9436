import { describe, expect, it } from "vitest";
import { analyzeTool, normalizeName, serverKey, truncateUtf8 } from "@/lib/schema/portability";

describe("truncateUtf8", () => {
  it.each([
    ["abcdef", 4, "abcd"],
    ["héllo", 2, "h"], // é is 2 bytes: it does not fit after "h" in 2 bytes
    ["héllo", 3, "hé"],
    ["日本語", 8, "日本"], // 3 bytes each: never a broken character
    ["a😀b", 4, "a"], // the emoji is 4 bytes (a surrogate pair in UTF-16)
    ["a😀b", 5, "a😀"],
  ])("%s to %i bytes is %s", (text, max, expected) => {
    expect(truncateUtf8(text, max)).toBe(expected);
  });
});

describe("normalizeName", () => {
  it.each([
    ["get-sum", "openai", "get-sum"],
    ["citations.predict", "openai", "citations_predict"],
    ["citations.predict", "gemini", "citations.predict"],
    ["ns:tool", "gemini", "ns:tool"],
    ["ns:tool", "anthropic", "ns_tool"],
    ["1st-tool", "gemini", "_1st-tool"],
    ["1st-tool", "openai", "1st-tool"],
    ["New Tool", "anthropic", "New_Tool"],
    ["übersicht", "openai", "_bersicht"],
    ["", "openai", "_"],
    ["x".repeat(70), "openai-strict", "x".repeat(64)],
    [`_${"y".repeat(70)}`, "gemini", `_${"y".repeat(63)}`],
  ] as const)("%s for %s is %s", (name, provider, expected) => {
    expect(normalizeName(name, provider)).toBe(expected);
  });
});

describe("tool-name findings and collisions", () => {
  it("reports replaced characters, a truncation, and the collision truncation creates", () => {
    const long = `${"a".repeat(64)}_read`;
    const other = `${"a".repeat(64)}_write`;
    const { targets } = analyzeTool({ name: long, inputSchema: { type: "object", properties: {} } }, [{ name: other }]);
    expect(targets.openai.name).toEqual({ original: long, normalized: "a".repeat(64), collisions: [other] });
    expect(targets.openai.findings.map((f) => `${f.severity} ${f.action} ${f.path} ${f.basis}`)).toEqual([
      "rejected rejected name assumed",
      "shape_changed rewritten name documented",
    ]);
    expect(targets.openai.verdict).toBe("rejected");
  });

  it("namespacing by server pushes long names over the limit and makes them collide", () => {
    const server = "my-very-long-server-name-for-the-filesystem";
    const tool = {
      name: "list_directory_with_sizes",
      serverName: server,
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    };
    const others = [
      { name: "list_directory_with_sizes", serverName: server },
      { name: "list_directory_with_sizes_v2", serverName: server },
    ];
    const { targets } = analyzeTool(tool, others);
    const expectedName = `${server}__list_directory_with_`.slice(0, 64);
    expect(targets.anthropic.name).toEqual({
      original: "list_directory_with_sizes",
      normalized: "list_directory_with_sizes",
      namespaced: expectedName,
      collisions: ["list_directory_with_sizes_v2"],
    });
    expect(targets.anthropic.findings.map((f) => f.reason)).toEqual([
      `After normalization "${expectedName}" is also the name of list_directory_with_sizes_v2.`,
      "70 bytes is over the 64-byte limit; truncated at a character boundary.",
    ]);
  });

  it("names tools of other servers in collisions as server/tool", () => {
    const { targets } = analyzeTool({ name: "a.b", serverName: "s" }, [
      { name: "a_b", serverName: "s" },
      { name: "x", serverName: "t" },
    ]);
    expect(targets.openai.name.collisions).toEqual(["a_b"]);
    expect(targets.gemini.name.collisions).toEqual([]);
    const cross = analyzeTool({ name: "b", serverName: "s__a" }, [{ name: "a__b", serverName: "s" }]);
    expect(cross.targets.openai.name.collisions).toEqual(["s/a__b"]);
  });

  it("namespaces with an identifier made from the server's display name", () => {
    expect(serverKey("Loupe demo MCP server")).toBe("loupe_demo_mcp_server");
    expect(serverKey("fs-portability")).toBe("fs-portability");
    expect(serverKey("s__a")).toBe("s__a");
    expect(serverKey("  ✨ ")).toBe("server");
    const { targets } = analyzeTool({ name: "plan-trip", serverName: "Loupe demo MCP server" });
    expect(targets.openai.name.namespaced).toBe("loupe_demo_mcp_server__plan-trip");
    expect(targets.openai.findings.filter((f) => f.keyword === "name")).toEqual([]);
  });
});
