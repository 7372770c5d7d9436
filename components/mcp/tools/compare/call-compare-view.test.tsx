// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { CallCompareView } from "./call-compare-view";
import { everythingCalls, makeCall } from "@/components/elements/tool-result/test-helpers";

afterEach(cleanup);

type Result = { content: Record<string, unknown>[]; structuredContent?: Record<string, unknown>; isError?: boolean };
const recorded = (tool: string) => structuredClone(everythingCalls[tool]) as Result;

describe("CallCompareView (results recorded from the real server-everything)", () => {
  it("shows the arguments diff on top, the changed structured field, and folds the unchanged text block", () => {
    const before = makeCall("get-structured-content", "ok", {
      id: "a",
      args: { location: "New York" },
      result: recorded("get-structured-content"),
    });
    const edited = recorded("get-structured-content");
    edited.structuredContent = { ...edited.structuredContent, temperature: 36 };
    const after = makeCall("get-structured-content", "ok", { id: "b", args: { location: "Chicago" }, result: edited, endedAt: 3_500 });
    render(<CallCompareView before={before} after={after} />);

    const view = screen.getByTestId("call-compare");
    expect(view.getAttribute("data-equal")).toBe("false");
    const args = within(screen.getByTestId("arguments-diff")).getAllByTestId("json-change");
    expect(args.map((r) => r.getAttribute("data-path"))).toEqual(["$.location"]);
    expect(within(args[0]!).getByTestId("change-before").textContent).toBe('"New York"');
    expect(within(args[0]!).getByTestId("change-after").textContent).toBe('"Chicago"');
    const structured = within(screen.getByTestId("structured-diff")).getAllByTestId("json-change");
    expect(structured.map((r) => [r.getAttribute("data-path"), r.getAttribute("data-kind")])).toEqual([["$.temperature", "changed"]]);
    // The text block is the same: folded, not listed as a change.
    expect(screen.queryAllByTestId("block-diff")).toHaveLength(0);
    expect(screen.getByTestId("unchanged-blocks").textContent).toContain("1 unchanged block");
    // 1.25 s → 2.5 s.
    expect(screen.getByTestId("latency-ratio").textContent).toContain("×2.00");
    expect(screen.queryByTestId("iserror-flip")).toBeNull();
  });

  it("highlights a changed image by hash and size, and a text block changed line by line", () => {
    const before = makeCall("get-tiny-image", "ok", { id: "a", result: recorded("get-tiny-image") });
    const edited = recorded("get-tiny-image");
    const image = edited.content[1] as { data: string };
    image.data = image.data.slice(0, -8) + "AAAAAAA=";
    edited.content[0] = { type: "text", text: "Here is another image:" };
    const after = makeCall("get-tiny-image", "ok", { id: "b", result: edited });
    render(<CallCompareView before={before} after={after} />);

    const changed = screen.getAllByTestId("block-diff");
    expect(changed.map((b) => [b.getAttribute("data-index"), b.getAttribute("data-kind")])).toEqual([
      ["0", "changed"],
      ["1", "changed"],
    ]);
    const lines = within(changed[0]!).getByTestId("line-diff");
    expect([...lines.querySelectorAll("[data-kind]")].map((l) => [l.getAttribute("data-kind"), l.textContent])).toEqual([
      ["removed", "- Here's the image you requested:"],
      ["added", "+ Here is another image:"],
    ]);
    expect(within(changed[1]!).getByTestId("block-media-change").textContent).toContain("Different bytes");
    expect(screen.getByTestId("unchanged-blocks").textContent).toContain("1 unchanged block");
  });

  it("badges an isError flip, shows an added block whole, and calls back Close and Re-run again", () => {
    const before = makeCall("echo", "ok", { id: "a", args: { message: "hi" }, result: recorded("echo") });
    const failed: Result = {
      content: [
        { type: "text", text: "bad" },
        { type: "text", text: "more" },
      ],
      isError: true,
    };
    const after = makeCall("echo", "tool_error", { id: "b", args: { message: "" }, result: failed });
    const onClose = vi.fn();
    const onRerun = vi.fn();
    render(<CallCompareView before={before} after={after} onClose={onClose} onRerun={onRerun} />);

    expect(screen.getByTestId("iserror-flip").textContent).toBe("isError false → true");
    const added = screen.getAllByTestId("block-diff").find((b) => b.getAttribute("data-kind") === "added");
    expect(added?.textContent).toContain("more");
    fireEvent.click(screen.getByTestId("compare-close"));
    fireEvent.click(screen.getByTestId("compare-rerun"));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onRerun).toHaveBeenCalledOnce();
  });

  it("says two equal calls are the same", () => {
    const call = makeCall("echo", "ok", { id: "a", args: { message: "hi" }, result: recorded("echo") });
    render(<CallCompareView before={call} after={{ ...call, id: "b" }} />);
    expect(screen.getByTestId("call-compare").getAttribute("data-equal")).toBe("true");
    expect(screen.getByTestId("arguments-diff").textContent).toBe("Same arguments.");
    expect(screen.getByTestId("compare-badges").textContent).toContain("Same result");
  });
});
