import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gate } from "@/lib/launcher/security";

// Every route under app/api/a2a, app/api/agui and app/api/langgraph (found on disk, so a new one is covered too)
// needs Loupe's token and refuses a foreign Origin or a cross-site fetch.
function routes(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routes(path);
    return name === "route.ts" ? [dir.replace(/^app/, "").replace(/\[[^\]]+\]/g, "x")] : [];
  });
}

const opts = { token: "t0k3n", port: 7215 };
const host = "127.0.0.1:7215";

describe("the launcher gate covers the A2A and AG-UI API", () => {
  const all = [...routes("app/api/a2a"), ...routes("app/api/agui"), ...routes("app/api/langgraph")];
  it("finds the routes", () => expect(all.length).toBeGreaterThan(10));
  for (const url of all) {
    it(`${url}: no token 401, foreign Origin or cross-site 403, own page with token passes`, () => {
      for (const method of ["GET", "POST", "DELETE"]) {
        expect(gate({ method, url, headers: { host } }, opts)).toMatchObject({ action: "reject", status: 401 });
        expect(gate({ method, url, headers: { host, origin: "http://evil.example", "x-loupe-token": "t0k3n" } }, opts)).toMatchObject({
          status: 403,
        });
        expect(gate({ method, url, headers: { host, origin: "http://127.0.0.1:7216", "x-loupe-token": "t0k3n" } }, opts)).toMatchObject({
          status: 403,
        });
        expect(gate({ method, url, headers: { host, "sec-fetch-site": "same-site", "x-loupe-token": "t0k3n" } }, opts)).toMatchObject({
          status: 403,
        });
        expect(gate({ method, url, headers: { host, "x-loupe-token": "wrong" } }, opts)).toMatchObject({ status: 401 });
        expect(
          gate(
            { method, url, headers: { host, origin: `http://${host}`, "sec-fetch-site": "same-origin", "x-loupe-token": "t0k3n" } },
            opts,
          ),
        ).toEqual({ action: "pass" });
      }
    });
  }
});
