// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ToolResultView } from "./tool-result-view";
import { makeCall, outputSchemaOf } from "./test-helpers";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Shapes captured from the real server-everything 2026.8.31 (get-resource-reference); see
// lib/tool-result/real-server.test.ts, which fetches them live.
const TOOL_ERROR = {
  content: [{ type: "text", text: "Invalid resourceId: -1. Must be a finite positive integer." }],
  isError: true,
};
const BLOB_RESULT = {
  content: [
    { type: "text", text: "Returning resource reference for Resource 1:" },
    {
      type: "resource",
      resource: {
        uri: "demo://resource/dynamic/blob/1",
        mimeType: "text/plain",
        blob: "UmVzb3VyY2UgMTogVGhpcyBpcyBhIGJhc2U2NCBibG9iIGNyZWF0ZWQgYXQgMTE6MDE6MDUgQU0=",
      },
    },
    { type: "resource", resource: { uri: "demo://resource/dynamic/text/2", mimeType: "text/plain", text: "Resource 2" } },
  ],
};

function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
    blobs.push(b as Blob);
    return "blob:loupe-test";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  return blobs;
}

describe("ToolResultView errors", () => {
  it("styles an isError result as a tool error and skips the outputSchema rule", () => {
    const call = makeCall("get-structured-content", "tool_error", { result: TOOL_ERROR });
    render(<ToolResultView call={call} outputSchema={outputSchemaOf("get-structured-content")} />);
    expect(screen.getByTestId("tool-result").getAttribute("data-status")).toBe("tool_error");
    expect(screen.getByTestId("result-status").textContent).toBe("Tool error");
    const box = screen.getByTestId("tool-error");
    expect(within(box).getByRole("heading").textContent).toBe("Tool error");
    expect(box.querySelector("pre")?.textContent).toBe("Invalid resourceId: -1. Must be a finite positive integer.");
    expect(screen.queryByTestId("structured-validation")).toBeNull();
    expect(screen.queryByTestId("call-error")).toBeNull();
  });

  it("shows a JSON-RPC error's code, message and data", () => {
    const call = makeCall("get-sum", "rpc_error", {
      error: {
        code: "upstream:mcp",
        message: "MCP error -32602: Invalid arguments for tool get-sum",
        details: { code: -32602, data: { path: ["a"], expected: "number" } },
      },
    });
    render(<ToolResultView call={call} />);
    const box = screen.getByTestId("call-error");
    expect(box.getAttribute("data-status")).toBe("rpc_error");
    expect(screen.getByTestId("result-status").textContent).toBe("JSON-RPC error");
    expect(within(box).getByTestId("rpc-error-code").textContent).toBe("-32602");
    expect(box.textContent).toContain("(Invalid params)");
    expect(within(box).getByTestId("call-error-message").textContent).toBe("MCP error -32602: Invalid arguments for tool get-sum");
    expect(JSON.parse(within(box).getByTestId("raw-json").querySelector("pre")?.textContent ?? "")).toEqual({
      path: ["a"],
      expected: "number",
    });
    expect(screen.queryByTestId("tool-error")).toBeNull();
  });

  it.each([
    ["timeout", "Timed out", "Request timed out after 100 ms"],
    ["cancelled", "Cancelled", "Cancelled by the user"],
    ["failed", "Failed", "Connection closed"],
  ] as const)("shows %s with its message", (status, label, message) => {
    render(<ToolResultView call={makeCall("trigger-long-running-operation", status, { error: { code: "timeout:call", message } })} />);
    expect(screen.getByTestId("result-status").textContent).toBe(label);
    expect(screen.getByTestId("call-error").getAttribute("data-status")).toBe(status);
    expect(screen.getByTestId("call-error-message").textContent).toBe(message);
  });

  it("shows a running call without a duration", () => {
    render(<ToolResultView call={makeCall("echo", "running", { endedAt: null })} />);
    expect(screen.getByTestId("result-duration").textContent).toBe("running…");
    expect(screen.getByTestId("result-waiting")).toBeTruthy();
  });

  it("offers an embedded blob as a download with its size and shows embedded text", () => {
    const blobs = captureDownloads();
    render(<ToolResultView call={makeCall("get-resource-reference", "ok", { result: BLOB_RESULT })} />);
    expect(screen.getAllByTestId("result-block").map((b) => b.getAttribute("data-kind"))).toEqual([
      "text",
      "resource_blob",
      "resource_text",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Download 1 (56 B)" }));
    expect(blobs[0]?.size).toBe(56);
    expect(blobs[0]?.type).toBe("text/plain");
    expect(screen.getAllByTestId("result-block")[2]?.querySelector("pre")?.textContent).toBe("Resource 2");
  });

  it("keeps an unrecognized block as raw JSON", () => {
    render(<ToolResultView call={makeCall("x", "ok", { result: { content: [{ type: "video", url: "v.mp4" }] } })} />);
    const block = screen.getByTestId("result-block");
    expect(block.getAttribute("data-kind")).toBe("unknown");
    expect(block.textContent).toContain('unrecognized content type "video"');
    expect(block.textContent).toContain('"url": "v.mp4"');
  });
});

describe("large payloads", () => {
  it("truncates a 5 MB text result to 100 KB with Show all and Download", async () => {
    const line = "0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 lorem ipsum dolor\n";
    const text = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length)).slice(0, 5 * 1024 * 1024);
    const call = makeCall("echo", "ok", { result: { content: [{ type: "text", text }] } });

    const t0 = performance.now();
    render(<ToolResultView call={call} />);
    const elapsed = performance.now() - t0;
    console.info(`5 MB text result rendered in ${elapsed.toFixed(0)} ms`);

    const note = screen.getByTestId("result-truncated");
    expect(note.textContent).toContain("showing 100 KB of 5.0 MB");
    const pre = screen.getByTestId("result-block").querySelector("pre");
    expect(pre?.textContent?.length).toBe(100 * 1024);

    const blobs = captureDownloads();
    fireEvent.click(within(note).getByRole("button", { name: "Download" }));
    expect(blobs[0]?.size).toBe(5 * 1024 * 1024);

    fireEvent.click(within(note).getByRole("button", { name: "Show all" }));
    expect(screen.queryByTestId("result-truncated")).toBeNull();
    expect(screen.getByTestId("result-block").querySelector("pre")?.textContent?.length).toBe(5 * 1024 * 1024);
    fireEvent.click(screen.getByRole("button", { name: "Show first 100 KB" }));
    expect(screen.getByTestId("result-truncated")).toBeTruthy();
  });

  it("opens a ~5 MB JSON text in the JSON view, truncated", () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, label: `row number ${i}`, ok: i % 2 === 0 }));
    const text = JSON.stringify({ rows });
    const call = makeCall("rows", "ok", { result: { content: [{ type: "text", text }] } });
    const t0 = performance.now();
    render(<ToolResultView call={call} />);
    console.info(`${(text.length / 1024 / 1024).toFixed(1)} MB JSON text rendered in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(screen.getByRole("tab", { name: "JSON" }).getAttribute("data-state")).toBe("active");
    const note = screen.getByTestId("result-truncated");
    expect(note.textContent).toMatch(/^showing 100 KB of \d\.\d MB/);
    expect(screen.getByTestId("result-block").querySelector("pre")?.textContent?.startsWith('{\n  "rows": [\n')).toBe(true);
  });

  it("truncates large structured content too", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const call = makeCall("rows", "ok", { result: { content: [], structuredContent: { rows } } });
    render(<ToolResultView call={call} />);
    const section = screen.getByTestId("structured-content");
    expect(within(section).getByTestId("result-truncated").textContent).toMatch(/^showing 100 KB of \d+(\.\d)? (KB|MB)/);
    expect(screen.getByTestId("result-empty")).toBeTruthy();
  });
});
