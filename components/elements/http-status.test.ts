import { describe, expect, it } from "vitest";
import { httpStatusTone } from "./http-status";

describe("httpStatusTone", () => {
  it("makes no answer and 4xx/5xx stand out, 3xx amber, 2xx green", () => {
    expect(httpStatusTone(0)).toBe("text-destructive");
    expect(httpStatusTone(404)).toBe("text-destructive");
    expect(httpStatusTone(503)).toBe("text-destructive");
    expect(httpStatusTone(302)).toContain("text-amber-700");
    expect(httpStatusTone(200)).toContain("text-emerald-700");
  });
});
