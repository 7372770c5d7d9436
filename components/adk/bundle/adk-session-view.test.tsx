// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Bundle } from "@/lib/contracts/bundle";
import { bundleSchema } from "@/lib/contracts/bundle";
import { summaryOf } from "@/lib/testing/bundle-summary";
import { adkWebFormat } from "@/lib/server/bundles/formats/adk-web";
import { installLayout, layout, settle } from "@/components/adk/timeline/test-support";
import { AdkSessionView } from "./adk-session-view";

// Exported by tests/integration/adk-bundle-roundtrip.test.ts (LOUPE_CAPTURE_BUNDLES=1) from the
// bundle_lab agent on the real ADK JS api_server: every item kind and pause type in one session.
const bundle: Bundle = bundleSchema.parse(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/bundles/adk-session.loupe.json"), "utf8")),
);
const summary = summaryOf(bundle, { id: "b-adk", fileName: "adk-session.loupe.json" });

beforeAll(() => {
  installLayout();
  // Tall enough for the whole session: every row is rendered, none virtualized away.
  layout.viewport = 6000;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderView() {
  const fetch = vi.fn(() => Promise.reject(new Error("a read-only view must not fetch")));
  vi.stubGlobal("fetch", fetch);
  render(<AdkSessionView bundle={bundle} summary={summary} />);
  await settle();
  return { fetch };
}

const cards = () => screen.queryAllByTestId("recorded-interrupt");

describe("AdkSessionView — an imported ADK session, read-only", () => {
  it("shows the timeline with every interrupt as it stood at export, and nothing that answers or fetches", async () => {
    const { fetch } = await renderView();
    expect(screen.getByTestId("adk-session-bundle").dataset.sessionId).toBe("round-trip");
    expect(screen.getByTestId("adk-bundle-source").textContent).toContain("bundle_lab › u1 › round-trip");
    expect(screen.getByTestId("summary-pending-interrupts").textContent).toBe("1");
    expect(cards().map((c) => `${c.dataset.kind} ${c.dataset.status}`)).toEqual([
      "confirmation answered",
      "credential answered",
      "long_running answered",
      "confirmation stale",
      "credential pending",
    ]);
    expect(screen.getAllByTestId("answered-value")).toHaveLength(3);
    expect(screen.getByTestId("recorded-interrupt-waiting")).toBeTruthy();
    // No answer form, Send, Retry or composer anywhere.
    for (const name of [/send/i, /approve/i, /reject/i, /retry/i, /submit/i]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByTestId("interrupt-card")).toBeNull();
    expect(screen.queryByRole("textbox", { name: /message/i })).toBeNull();
    // The refused answer's error frame (never stored by the server) is in its place.
    expect(screen.getAllByTestId("timeline-error").length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByTestId("transfer")).toHaveLength(2);
    expect(screen.getByTestId("compaction-fold-summary").textContent).toContain("SUMMARY");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("finds an event by search and opens it in the inspector with its state diff", async () => {
    await renderView();
    fireEvent.change(screen.getByTestId("timeline-search"), { target: { value: "weather_report" } });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    await settle();
    const [event] = screen.getAllByTestId("timeline-event");
    expect(within(event!).getByTestId("artifact-delta").textContent).toContain("weather_report.txt");
    fireEvent.click(event!);
    const inspector = screen.getByTestId("event-inspector");
    const keys = within(inspector)
      .getAllByTestId("state-diff-row")
      .map((row) => row.textContent ?? "");
    expect(keys.some((k) => k.includes("last_city"))).toBe(true);
  });

  it("previews an artifact from the part stored in the bundle", async () => {
    const { fetch } = await renderView();
    fireEvent.click(screen.getByRole("button", { name: "weather_report.txt" }));
    const preview = screen.getByTestId("artifact-preview");
    expect(preview.dataset.kind).toBe("text");
    expect(preview.textContent).toContain("Weather report for Paris");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("opens an adk-web export converted on import (no Loupe entries or inbox): interrupts come from the timeline", async () => {
    const json = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/bundles/adk-web-export.json"), "utf8"));
    const foreign = bundleSchema.parse(adkWebFormat.convert(json, "adk-web-export.json"));
    const fetch = vi.fn(() => Promise.reject(new Error("a read-only view must not fetch")));
    vi.stubGlobal("fetch", fetch);
    render(<AdkSessionView bundle={foreign} summary={{ ...summary, origin: "adk-web" }} />);
    await settle();
    expect(screen.getByTestId("adk-session-bundle").dataset.sessionId).toBe(json.id);
    expect(screen.getAllByTestId("timeline-event").length).toBeGreaterThan(0);
    expect(screen.queryByTestId("interrupt-card")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the bundle's trace and, for an agent event, the model call behind it — from the file, not the server", async () => {
    const { fetch } = await renderView();
    fireEvent.click(screen.getByTestId("session-pane-trace"));
    expect(screen.getAllByTestId("trace-span").length).toBeGreaterThan(10);
    fireEvent.click(screen.getByTestId("session-pane-timeline"));
    await settle();
    fireEvent.change(screen.getByTestId("timeline-search"), { target: { value: "It is sunny in Paris" } });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    await settle();
    fireEvent.click(screen.getAllByTestId("timeline-event")[0]!);
    fireEvent.mouseDown(screen.getByTestId("inspector-tab-model"));
    fireEvent.click(screen.getByTestId("inspector-tab-model"));
    const call = await screen.findByTestId("model-call");
    expect(call.textContent).toContain("get_weather");
    expect(fetch).not.toHaveBeenCalled();
  });
});
