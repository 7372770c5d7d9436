import { describe, expect, it } from "vitest";
import { joinCommandLine, splitCommandLine } from "./shell-split";

describe("splitCommandLine", () => {
  it.each([
    ["npx @modelcontextprotocol/server-everything", ["npx", "@modelcontextprotocol/server-everything"]],
    ["  node   server.js  --port 3001 ", ["node", "server.js", "--port", "3001"]],
    [`python -c 'print("hi there")'`, ["python", "-c", 'print("hi there")']],
    [`cmd "a b" "say \\"x\\"" c\\ d`, ["cmd", "a b", 'say "x"', "c d"]],
    [`empty '' ""`, ["empty", "", ""]],
    [`"C:\\\\Program Files\\\\x"`, ["C:\\Program Files\\x"]],
  ])("splits %s", (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });

  it("rejects an unterminated quote", () => {
    expect(() => splitCommandLine(`node "server.js`)).toThrow(/Unterminated double quote/);
  });

  it("round-trips through joinCommandLine", () => {
    const words = ["node", "my server.js", "it's", "", "--x=1"];
    expect(splitCommandLine(joinCommandLine(words))).toEqual(words);
  });
});
