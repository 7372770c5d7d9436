import { describe, expect, it } from "vitest";
import { needsApproval, toolUiResourceUri, toolVisibility } from "@/lib/apps/tool-ui";

describe("tool UI metadata", () => {
  it("reads the nested resourceUri, the deprecated flat key, and prefers the nested one", () => {
    expect(toolUiResourceUri({ name: "a", _meta: { ui: { resourceUri: "ui://a/app.html" } } })).toBe("ui://a/app.html");
    expect(toolUiResourceUri({ name: "a", _meta: { "ui/resourceUri": "ui://flat" } })).toBe("ui://flat");
    expect(toolUiResourceUri({ name: "a", _meta: { ui: { resourceUri: "ui://n" }, "ui/resourceUri": "ui://f" } })).toBe("ui://n");
  });
  it("is no app without a ui:// URI", () => {
    expect(toolUiResourceUri({ name: "a" })).toBeNull();
    expect(toolUiResourceUri({ name: "a", _meta: { ui: { resourceUri: "https://x/app.html" } } })).toBeNull();
    expect(toolUiResourceUri({ name: "a", _meta: { ui: "ui://x" } })).toBeNull();
  });
  it("defaults visibility to model and app", () => {
    expect(toolVisibility({ name: "a" })).toEqual(["model", "app"]);
    expect(toolVisibility({ name: "a", _meta: { ui: { visibility: ["app"] } } })).toEqual(["app"]);
  });
  it("asks the user unless the tool is read-only", () => {
    expect(needsApproval({ name: "a" })).toBe(true);
    expect(needsApproval({ name: "a", annotations: { readOnlyHint: false } })).toBe(true);
    expect(needsApproval({ name: "a", annotations: { readOnlyHint: true } })).toBe(false);
  });
});
