// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import { PortabilityPanel } from "@/components/elements/portability/portability-panel";
import { PortabilitySummary } from "@/components/elements/portability/portability-summary";

interface FixtureTool {
  name: string;
  inputSchema: unknown;
}
const listing = JSON.parse(readFileSync(path.join(MCP_FIXTURES, "server-filesystem/filesystem-listing.json"), "utf8")) as {
  tools: { tools: FixtureTool[] };
};
const tools = listing.tools.tools;
const editFile = tools.find((t) => t.name === "edit_file") as FixtureTool;

afterEach(cleanup);

const findings = () =>
  screen.queryAllByTestId("portability-finding").map((el) => [el.dataset.severity, el.dataset.path, el.dataset.keyword]);

describe("PortabilityPanel for edit_file", () => {
  it("shows each provider's schema, findings and name", () => {
    render(<PortabilityPanel tool={editFile} serverName="filesystem" otherToolNames={tools.map((t) => t.name)} />);
    const panel = screen.getByTestId("portability-panel");
    expect(panel.dataset.provider).toBe("gemini");
    expect(screen.getByTestId("portability-normalized-name").textContent).toBe("edit_file");
    expect(screen.getByTestId("portability-namespaced-name").textContent).toBe("filesystem__edit_file");
    expect(screen.queryByTestId("portability-collisions")).toBeNull();
    expect(findings()).toEqual([["lossless", "#", "$schema"]]);
    expect(screen.getByTestId("portability-original").textContent).toContain('"$schema"');
    expect(screen.getByTestId("portability-normalized").textContent).not.toContain('"$schema"');
    expect(screen.getByTestId("portability-verdict").dataset.verdict).toBe("as_is");

    fireEvent.click(screen.getByTestId("portability-provider-openai-strict"));
    expect(panel.dataset.provider).toBe("openai-strict");
    expect(findings()).toEqual([
      ["shape_changed", "#/properties/dryRun", "required"],
      ["constraint_lost", "#/properties/dryRun", "default"],
      ["lossless", "#", "additionalProperties"],
      ["lossless", "#/properties/edits/items", "additionalProperties"],
    ]);
    expect(screen.getByTestId("portability-verdict").dataset.verdict).toBe("degraded");
    const normalized = JSON.parse(screen.getByTestId("portability-normalized").textContent ?? "null") as { required: string[] };
    expect(normalized.required).toEqual(["path", "edits", "dryRun"]);
    const first = screen.getAllByTestId("portability-finding")[0] as HTMLElement;
    expect(within(first).getByText("shape changed")).toBeTruthy();

    fireEvent.click(screen.getByTestId("portability-provider-anthropic"));
    expect(findings()).toEqual([]);
    expect(screen.getByTestId("portability-no-findings")).toBeTruthy();
  });

  it("names the edge case of a tool without input schema", () => {
    render(<PortabilityPanel tool={{ name: "bare tool" }} />);
    expect(screen.getAllByTestId("portability-edge-case").map((el) => el.dataset.kind)).toEqual(["no_input_schema"]);
    expect(screen.getByTestId("portability-normalized").textContent).toBe("(no parameters sent)");
    fireEvent.click(screen.getByTestId("portability-provider-openai"));
    expect(screen.getByTestId("portability-normalized-name").textContent).toBe("bare_tool");
  });
});

describe("PortabilitySummary", () => {
  it("counts the filesystem tools portable as is per provider", () => {
    render(<PortabilitySummary tools={tools} />);
    expect(screen.getByTestId("portability-summary-openai-strict").dataset.asIs).toBe("7");
    expect(screen.getByTestId("portability-summary-gemini").dataset.asIs).toBe("14");
    const worst = screen.getAllByTestId("portability-summary-finding");
    expect(worst).toHaveLength(10);
    expect(worst[0]?.dataset.severity).toBe("shape_changed");
  });
});
