import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { handle } from "@/lib/server/http";

/** A second, separately evaluated copy of lib/errors.ts: what another route bundle holds. */
async function otherCopy(): Promise<typeof import("@/lib/errors")> {
  vi.resetModules();
  const copy = await import("@/lib/errors");
  vi.resetModules();
  return copy;
}

describe("AppError across module copies", () => {
  it("is a different class in the other copy, yet recognised by instanceof both ways", async () => {
    const copy = await otherCopy();
    expect(copy.AppError).not.toBe(AppError);
    const foreign = new copy.AppError("not_found:connection", 'No connection with id "nope"');
    expect(foreign instanceof AppError).toBe(true);
    expect(new AppError("conflict:x", "y") instanceof copy.AppError).toBe(true);
    expect(AppError.from(foreign)).toBe(foreign);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect({ code: "not_found:x", status: 404 } instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
  });

  it("a route answers another copy's not-found with its own status and code, not 500", async () => {
    const copy = await otherCopy();
    const res = await handle(() => {
      throw new copy.AppError("not_found:connection", 'No connection with id "nope"');
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found:connection", message: 'No connection with id "nope"' } });
  });

  it("too_large is 413", () => {
    expect(new AppError("too_large:body", "big").status).toBe(413);
  });
});
