// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ToolResultView } from "./tool-result-view";
import { everythingCalls, filesystemCalls, makeCall, outputSchemaOf } from "./test-helpers";

afterEach(cleanup);

function blocks() {
  return screen.getAllByTestId("result-block");
}

describe("ToolResultView with real server-everything results", () => {
  it("renders get-sum as text with status and duration", () => {
    render(<ToolResultView call={makeCall("get-sum", "ok", { result: everythingCalls["get-sum"] })} />);
    expect(screen.getByTestId("tool-result").getAttribute("data-status")).toBe("ok");
    expect(screen.getByTestId("result-status").textContent).toBe("OK");
    expect(screen.getByTestId("result-duration").textContent).toBe("1.25 s");
    expect(blocks().map((b) => b.getAttribute("data-kind"))).toEqual(["text"]);
    expect(blocks()[0]?.querySelector("pre")?.textContent).toBe("The sum of 2 and 40 is 42.");
    // Plain text offers no view switch.
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  it("validates get-structured-content against its real outputSchema", () => {
    const call = makeCall("get-structured-content", "ok", { result: everythingCalls["get-structured-content"] });
    render(<ToolResultView call={call} outputSchema={outputSchemaOf("get-structured-content")} />);
    const badge = screen.getByTestId("structured-validation");
    expect(badge.getAttribute("data-valid")).toBe("true");
    expect(badge.textContent).toContain("Matches outputSchema");
    expect(screen.getByTestId("structured-content").querySelector("pre")?.textContent).toBe(
      '{\n  "temperature": 33,\n  "conditions": "Cloudy",\n  "humidity": 82\n}',
    );
    // The text block is JSON, so it opens in the JSON view, pretty-printed, with a switch back to Text.
    const textBlock = blocks()[0]!;
    expect(within(textBlock).getByRole("tab", { name: "JSON" }).getAttribute("data-state")).toBe("active");
    expect(textBlock.querySelector("pre")?.textContent).toContain('"conditions": "Cloudy"');
    fireEvent.mouseDown(within(textBlock).getByRole("tab", { name: "Text" }));
    expect(textBlock.querySelector("pre")?.textContent).toBe('{"temperature":33,"conditions":"Cloudy","humidity":82}');
  });

  it("lists mismatches against a deliberately wrong outputSchema", () => {
    const wrong = {
      type: "object",
      properties: { temperature: { type: "string" }, conditions: { enum: ["Sunny", "Rain"] } },
      required: ["temperature", "wind"],
      additionalProperties: false,
    };
    const call = makeCall("get-structured-content", "ok", { result: everythingCalls["get-structured-content"] });
    render(<ToolResultView call={call} outputSchema={wrong} />);
    const badge = screen.getByTestId("structured-validation");
    expect(badge.getAttribute("data-valid")).toBe("false");
    const errors = within(badge)
      .getAllByTestId("structured-error")
      .map((li) => li.textContent);
    expect(errors).toEqual(
      expect.arrayContaining([
        "/temperature must be string",
        '/conditions must be one of "Sunny", "Rain"',
        "/wind is required",
        "/humidity is not allowed by the schema",
      ]),
    );
    expect(badge.textContent).toContain(`${errors.length} mismatches with outputSchema`);
  });

  it("reports an outputSchema with no structuredContent", () => {
    const call = makeCall("get-structured-content", "ok", { result: everythingCalls["get-sum"] });
    render(<ToolResultView call={call} outputSchema={outputSchemaOf("get-structured-content")} />);
    const badge = screen.getByTestId("structured-validation");
    expect(badge.getAttribute("data-valid")).toBe("false");
    expect(badge.textContent).toContain("declares an outputSchema but returned no structuredContent");
  });

  it("renders get-tiny-image as an img with the mime type in its alt text", () => {
    render(<ToolResultView call={makeCall("get-tiny-image", "ok", { result: everythingCalls["get-tiny-image"] })} />);
    expect(blocks().map((b) => b.getAttribute("data-kind"))).toEqual(["text", "image", "text"]);
    const img = screen.getByRole("img", { name: "Image result (image/png)" });
    expect(img.getAttribute("src")).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it("renders get-resource-links as cards", () => {
    render(<ToolResultView call={makeCall("get-resource-links", "ok", { result: everythingCalls["get-resource-links"] })} />);
    const cards = screen.getAllByTestId("resource-link");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Blob Resource 1");
    expect(cards[0]?.textContent).toContain("demo://resource/dynamic/blob/1");
    expect(cards[0]?.textContent).toContain("text/plain");
    expect(cards[1]?.textContent).toContain("Resource 2: plaintext resource");
  });

  it("renders filesystem's diff output as markdown with a Text switch", () => {
    const call = makeCall("edit_file", "ok", { result: filesystemCalls.edit_file_dryRun });
    render(<ToolResultView call={call} />);
    const md = within(blocks()[0]!).getByTestId("markdown-view");
    expect(md.querySelector("code")?.textContent).toContain("Index: /srv/scratch/fsroot/hello.txt");
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Text" }));
    expect(screen.queryByTestId("markdown-view")).toBeNull();
    expect(blocks()[0]?.querySelector("pre")?.textContent).toMatch(/^```diff\nIndex:/);
  });

  it("toggles the raw JSON of the whole result", () => {
    render(<ToolResultView call={makeCall("get-sum", "ok", { result: everythingCalls["get-sum"] })} />);
    expect(screen.queryByTestId("raw-json")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Raw JSON" }));
    const raw = screen.getByTestId("raw-json");
    expect(JSON.parse(raw.querySelector("pre")?.textContent ?? "")).toEqual(everythingCalls["get-sum"]);
    expect(within(raw).getByRole("button", { name: "Copy" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Raw JSON" }));
    expect(screen.queryByTestId("raw-json")).toBeNull();
  });
});
