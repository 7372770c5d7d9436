import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { prebuilt, prebuiltBase } from "./prebuilt";

const root = path.resolve(import.meta.dirname, "..");
const name = `test-${process.pid}`;
const src = mkdtempSync(path.join(tmpdir(), "loupe-prebuilt-"));
const entry = path.join(src, "entry.ts");

afterAll(() => {
  rmSync(prebuiltBase(root, name), { recursive: true, force: true });
  rmSync(src, { recursive: true, force: true });
});

describe("prebuilt demo code", () => {
  it("compiles once to plain ESM, reuses the build, and builds again when an input is newer", async () => {
    writeFileSync(entry, 'import { z } from "zod";\nexport const answer: number = z.number().parse(42);\n');
    const first = await prebuilt(root, name, { "out/entry": entry });
    const loaded: unknown = await import(pathToFileURL(path.join(first, "out/entry.mjs")).href);
    expect(loaded).toMatchObject({ answer: 42 });

    expect(await prebuilt(root, name, { "out/entry": entry })).toBe(first);

    // The build is older than the edit (as after an edit a while later).
    const earlier = new Date(Date.now() - 10_000);
    utimesSync(path.join(prebuiltBase(root, name), "current.json"), earlier, earlier);
    writeFileSync(entry, "export const answer: number = 43;\n");
    const second = await prebuilt(root, name, { "out/entry": entry });
    expect(second).not.toBe(first);
    const reloaded: unknown = await import(pathToFileURL(path.join(second, "out/entry.mjs")).href);
    expect(reloaded).toMatchObject({ answer: 43 });
  }, 60_000);

  it("fails with esbuild's words when the source does not compile", async () => {
    const broken = path.join(src, "broken.ts");
    writeFileSync(broken, "export const = ;\n");
    await expect(prebuilt(root, `${name}-broken`, { broken })).rejects.toThrow(/building the demo .* failed/);
    rmSync(prebuiltBase(root, `${name}-broken`), { recursive: true, force: true });
  }, 60_000);
});
