import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs name files by path; the tree moves (issue 11 reorganized it). This check keeps every
// backticked repo path in docs/*.md and README.md pointing at something that exists, so a map of
// the code cannot silently rot.

const ROOT = path.resolve(import.meta.dirname, "..");
const TOP = ["lib", "components", "app", "hooks", "demo", "tests", "e2e", "scripts", "bench", "bin"];
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", "test-results"]);

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    out.push(rel);
    if (entry.isDirectory()) walk(rel, out);
  }
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (nested braces too). */
export function expandBraces(p: string): string[] {
  const m = /\{([^{}]*)\}/.exec(p);
  if (!m) return [p];
  return (m[1] ?? "").split(",").flatMap((alt) => expandBraces(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

/** Every repo path written in backticks in a markdown text. */
export function docPaths(markdown: string): string[] {
  const found: string[] = [];
  const prefix = new RegExp(`(?:^|[\\s(,])((?:${TOP.join("|")})/[^\\s\`]*)`, "g");
  for (const [, code = ""] of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const [, raw = ""] of code.matchAll(prefix)) {
      // trailing punctuation belongs to the sentence; `file.ts:42` / `file.ts#fn` name a place in it
      const p = raw.replace(/[),.;:]+$/, "").replace(/(\.[a-z]+)(?::\d+|#.*)$/, "$1");
      found.push(...expandBraces(p));
    }
  }
  return found;
}

/** A path as a regex over repo paths: `**`, `…`, `*`, `<placeholder>` and `:param` route segments. */
export function pathPattern(p: string): RegExp {
  const body = p
    .replace(/\/+$/, "")
    .split("/")
    .map((seg) => {
      // `…` stands for any folders, like `**`
      if (seg === "**" || seg === "…" || seg === "...") return "(?:.+)";
      if (/^:\w+$/.test(seg)) return "\\[[^/]+\\]";
      return seg
        .split(/(\*\*|\*|<[^>]+>)/)
        .map((part) =>
          part === "**" ? ".*" : part === "*" ? "[^/]*" : part.startsWith("<") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("");
    })
    .join("/");
  // a directory named by its prefix counts as existing
  return new RegExp(`^${body}(?:/.*)?$`);
}

describe("paths named in the docs", () => {
  it("parses globs, braces, placeholders and route params", () => {
    expect(docPaths("see `components/{a,b}/x.tsx`, and `lib/server/**, app/api/:id/route.ts`.")).toEqual([
      "components/a/x.tsx",
      "components/b/x.tsx",
      "lib/server/**",
      "app/api/:id/route.ts",
    ]);
    expect(pathPattern("app/api/agents/:id/route.ts").test("app/api/agents/[id]/route.ts")).toBe(true);
    expect(pathPattern("e2e/<spec>.ts").test("e2e/inbox.spec.ts")).toBe(true);
    expect(pathPattern("lib/server/adk/**").test("lib/server/adk/inbox.ts")).toBe(true);
    expect(pathPattern("app/api/<name>/…/route.ts").test("app/api/agui/agents/[id]/route.ts")).toBe(true);
    expect(pathPattern("lib/server/mcp-connection.ts").test("lib/server/mcp/connection.ts")).toBe(false);
  });

  it("every backticked repo path in docs/*.md and README.md exists", () => {
    const files: string[] = [];
    walk("", files);
    const docs = [
      "README.md",
      ...readdirSync(path.join(ROOT, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ];
    const missing: string[] = [];
    for (const doc of docs) {
      for (const p of new Set(docPaths(readFileSync(path.join(ROOT, doc), "utf8")))) {
        const re = pathPattern(p);
        if (!files.some((f) => re.test(f))) missing.push(`${doc}: ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
