import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoEntryArgs } from "./entry";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function root(files: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-entry-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "demo"));
  for (const file of files) writeFileSync(path.join(dir, file), "");
  return dir;
}

describe("demoEntryArgs", () => {
  it("runs the TypeScript source under tsx's loader in the repository", () => {
    const dir = root(["demo/mcp-server.ts", "demo/mcp-server.mjs"]);
    const args = demoEntryArgs(dir, "demo/mcp-server");
    expect(args[0]).toBe("--import");
    expect(args[1]).toMatch(/node_modules\/tsx\/dist\/loader\.mjs$/);
    expect(args[2]).toBe(path.join(dir, "demo/mcp-server.ts"));
  });

  it("runs the prebuilt .mjs where there is no source (the npm package)", () => {
    const dir = root(["demo/mcp-server.mjs"]);
    expect(demoEntryArgs(dir, "demo/mcp-server")).toEqual([path.join(dir, "demo/mcp-server.mjs")]);
  });
});
