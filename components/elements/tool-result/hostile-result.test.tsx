// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { parseToolResult } from "@/lib/tool-result/content";
import { ToolResultView } from "./tool-result-view";
import { makeCall } from "./test-helpers";

afterEach(cleanup);

// What tests/fixtures/hostile-mcp-server.mjs answers for mixed_content.
const MIXED = {
  content: [
    { type: "text", text: "first valid item" },
    { type: "hologram", data: "??" },
    { type: "image", data: "@@ not base64 @@", mimeType: "image/png" },
    { type: "text", text: "last valid item" },
  ],
};

describe("a result with an unknown content type and bad base64", () => {
  it("classifies the bad blocks and keeps the good ones", () => {
    const blocks = parseToolResult(MIXED).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(["text", "unknown", "unknown", "text"]);
    expect(blocks[2]?.kind === "unknown" && blocks[2].reason).toBe("image data is not valid base64");
    expect(parseToolResult({ content: [{ type: "image", data: "aGVsbG8=\n", mimeType: "image/png" }] }).blocks[0]?.kind).toBe("image");
  });

  it("shows both valid texts and flags each bad block in words", () => {
    render(<ToolResultView call={makeCall("mixed_content", "ok", { result: MIXED })} />);
    expect(screen.getByText("first valid item")).toBeTruthy();
    expect(screen.getByText("last valid item")).toBeTruthy();
    const kinds = screen.getAllByTestId("result-block").map((b) => b.getAttribute("data-kind"));
    expect(kinds).toEqual(["text", "unknown", "unknown", "text"]);
    expect(screen.getByText(/unrecognized content type "hologram"/)).toBeTruthy();
    expect(screen.getByText(/image data is not valid base64/)).toBeTruthy();
  });
});
