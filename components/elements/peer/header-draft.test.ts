import { describe, expect, it } from "vitest";
import { headerRowsOf, headersFromRows } from "@/components/elements/peer/header-draft";

describe("headersFromRows (every peer dialog)", () => {
  it("skips blank rows, trims names, keeps values as typed", () => {
    expect(
      headersFromRows([
        { key: " X-Api-Key ", value: " s3cret" },
        { key: "", value: "" },
      ]),
    ).toEqual({ headers: { "X-Api-Key": " s3cret" } });
  });

  it("names a value without a header name as the error, keeping the rows that are fine", () => {
    expect(
      headersFromRows([
        { key: "A", value: "1" },
        { key: "  ", value: "orphan" },
      ]),
    ).toEqual({ headers: { A: "1" }, error: "Every header needs a name" });
  });
});

describe("headerRowsOf", () => {
  it("lists a saved peer's headers as rows in their order, none for no headers", () => {
    expect(headerRowsOf({ Authorization: "••••", "X-Trace": "1" })).toEqual([
      { key: "Authorization", value: "••••" },
      { key: "X-Trace", value: "1" },
    ]);
    expect(headerRowsOf(undefined)).toEqual([]);
  });
});
