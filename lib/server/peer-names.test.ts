import { describe, expect, it } from "vitest";
import { nameFor } from "./peer-names";

describe("nameFor", () => {
  it.each([
    [["npx", "-y", "@modelcontextprotocol/server-everything"], "server-everything"],
    [["node", "node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"], "server-everything"],
    [["uvx", "mcp-server-git", "--repository", "."], "mcp-server-git"],
    [["python3", "weather/server.py"], "weather"],
    [["./my-server"], "my-server"],
  ])("%j → %s", (words, name) => {
    expect(nameFor(words)).toBe(name);
  });
});
