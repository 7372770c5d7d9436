// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { applyEvent, buildTimeline, createTimeline } from "@/lib/protocols/adk/timeline";
import { sessionFixture, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { ArtifactPreview } from "./artifact-preview";
import { classifyArtifact } from "./artifact-part";
import { EventInspector } from "./event-inspector";
import { SessionSummary } from "./session-summary";

afterEach(cleanup);

const full = () => buildTimeline(sessionFixture("26_get_session_full.json").events, { seeded: true });
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

describe("EventInspector", () => {
  it("shows the diff the event made (before → after, scope) and the state at that event", () => {
    render(<EventInspector timeline={full()} index={2} />);
    const rows = screen.getAllByTestId("state-diff-row");
    expect(rows.map((r) => [r.getAttribute("data-key"), r.getAttribute("data-scope")])).toEqual([
      ["last_city", "session"],
      ["user:lookups", "user"],
      ["app:demo_version", "app"],
    ]);
    expect(within(rows[0]!).getByTestId("diff-before").textContent).toBe("(new)");
    expect(within(rows[0]!).getByTestId("diff-after").textContent).toBe('"Paris"');
    const state = screen.getAllByTestId("state-entry");
    expect(state.map((s) => [s.getAttribute("data-key"), s.getAttribute("data-changed")])).toEqual([
      ["app:demo_version", "true"],
      ["last_city", "true"],
      ["seeded", "false"],
      ["user:lookups", "true"],
    ]);
    expect(screen.getByTestId("inspector-event-id").textContent).toBe("qypy84S2");
    expect(screen.getByTestId("inspector-invocation-id").textContent).toBe("e-4d2d4adc-3959-4a46-8dc0-1e91f6c29ae0");
    const call = screen.getByTestId("inspector-call");
    expect(call.textContent).toContain("get_weather");
    expect(call.textContent).toContain("8.0 ms");
    expect(call.getAttribute("data-state")).toBe("ok");
  });

  it("shows an overwrite with the old value, and the raw JSON with Copy", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    render(<EventInspector timeline={full()} index={20} />);
    const row = screen.getByTestId("state-diff-row");
    expect(within(row).getByTestId("diff-before").textContent).toBe('"Helper agent here: transfer worked."');
    expect(screen.getByTestId("inspector-usage").textContent).toContain("628 total");
    const raw = within(screen.getByTestId("inspector-raw")).getByTestId("raw-json");
    expect(raw.textContent).toContain('"id": "fteQaktn"');
    await act(async () => fireEvent.click(within(raw).getByRole("button", { name: "Copy" })));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"author": "helper_agent"'));
  });

  it("lists every raw message merged into a streamed entry", () => {
    const raws = sseEvents("03");
    let tl = createTimeline();
    for (const r of raws.slice(0, 5)) tl = applyEvent(tl, r);
    render(<EventInspector timeline={tl} index={0} />);
    expect(within(screen.getByTestId("inspector-raw")).getAllByTestId("raw-json")).toHaveLength(5);
    expect(screen.getByTestId("inspector-diff-empty")).toBeTruthy();
    expect(screen.getByTestId("inspector-call").getAttribute("data-state")).toBe("open");
  });
});

describe("SessionSummary", () => {
  it("totals the full session", () => {
    render(<SessionSummary timeline={full()} />);
    const v = (id: string) => screen.getByTestId(`summary-${id}`).textContent;
    expect([v("invocations"), v("events"), v("tokens-prompt"), v("tokens-candidates"), v("tokens-total")]).toEqual([
      "5",
      "21",
      "2,193",
      "242",
      "2,435",
    ]);
    expect([v("open-calls"), v("pending-interrupts"), v("state-size")]).toEqual(["0", "0", "5"]);
  });

  it("counts what still waits: an open call and a pending pause", () => {
    render(<SessionSummary timeline={buildTimeline(sseEvents("21"))} />);
    expect(screen.getByTestId("summary-pending-interrupts").textContent).toBe("1");
    expect(screen.getByTestId("summary-open-calls").textContent).toBe("2");
    expect(screen.getByTestId("summary-open-calls").parentElement?.getAttribute("data-state")).toBe("attention");
  });
});

describe("ArtifactPreview", () => {
  const base = { name: "weather_report.txt", version: 0, versions: [0, 1], onVersionChange: () => {} };

  it("decodes text from inlineData and switches versions", () => {
    const onVersionChange = vi.fn();
    const part = { inlineData: { mimeType: "text/plain", data: b64("Paris: sunny, 21°C") } };
    render(<ArtifactPreview {...base} part={part} onVersionChange={onVersionChange} />);
    expect(screen.getByTestId("artifact-text").textContent).toContain("Paris: sunny, 21°C");
    const select = screen.getByTestId<HTMLSelectElement>("artifact-version");
    expect([...select.options].map((o) => o.textContent)).toEqual(["v0", "v1 (latest)"]);
    fireEvent.change(select, { target: { value: "1" } });
    expect(onVersionChange).toHaveBeenCalledWith(1);
  });

  it("pretty-prints JSON, shows images, offers other bytes as a download", () => {
    const { rerender } = render(
      <ArtifactPreview {...base} part={{ inlineData: { mimeType: "application/json", data: b64('{"a":[1,2]}') } }} />,
    );
    expect(screen.getByTestId("artifact-json").textContent).toContain('"a": [\n    1,');
    rerender(<ArtifactPreview {...base} part={{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }} />);
    expect(screen.getByTestId("artifact-image").getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    const createObjectURL = vi.fn(() => "blob:x");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    rerender(<ArtifactPreview {...base} part={{ inlineData: { mimeType: "application/pdf", data: "JVBERi0x" } }} />);
    fireEvent.click(screen.getByTestId("artifact-download"));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    rerender(<ArtifactPreview {...base} part={{ text: "plain *text*" }} />);
    expect(screen.getByTestId("artifact-text").textContent).toContain("plain *text*");
  });

  it("shows loading and errors instead of content", () => {
    const { rerender } = render(<ArtifactPreview {...base} part={undefined} loading />);
    expect(screen.getByTestId("artifact-preview").getAttribute("data-state")).toBe("loading");
    rerender(<ArtifactPreview {...base} part={undefined} error="Artifact not found" />);
    expect(screen.getByTestId("artifact-error").textContent).toBe("Artifact not found");
  });

  it("classifies URL-safe base64 and unknown parts", () => {
    // "??>" encodes to "Pz8+" (standard) / "Pz8-" (URL-safe, as Python sends bytes).
    expect(classifyArtifact({ inlineData: { mimeType: "text/plain", data: "Pz8-" } })).toMatchObject({ kind: "text", text: "??>" });
    expect(classifyArtifact({ fileData: { fileUri: "gs://x" } })).toMatchObject({ kind: "unknown" });
    expect(classifyArtifact(undefined)).toEqual({ kind: "empty" });
  });
});
