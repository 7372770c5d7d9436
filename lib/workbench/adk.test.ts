import { describe, expect, it } from "vitest";
import { defaultApp } from "@/lib/workbench/adk";

describe("defaultApp", () => {
  it("prefers loupe_demo over an alphabetically earlier app and over the remembered one", () => {
    expect(defaultApp(["compaction_demo", "loupe_demo", "workflow_demo"], null)).toBe("loupe_demo");
    expect(defaultApp(["compaction_demo", "loupe_demo", "workflow_demo"], "workflow_demo")).toBe("loupe_demo");
  });

  it("without the demo app: the remembered app if still listed, else the first", () => {
    expect(defaultApp(["alpha", "beta"], "beta")).toBe("beta");
    expect(defaultApp(["alpha", "beta"], "gone")).toBe("alpha");
    expect(defaultApp([], "beta")).toBeNull();
  });
});
