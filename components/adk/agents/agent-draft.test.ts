import { describe, expect, it } from "vitest";
import { headersFromRows } from "@/components/adk/agents/agent-draft";

describe("headersFromRows (the ADK, A2A and AG-UI agent dialogs)", () => {
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
