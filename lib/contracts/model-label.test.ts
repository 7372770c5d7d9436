import { describe, expect, it } from "vitest";
import { modelLabel } from "./model-label";

describe("modelLabel", () => {
  it("names the provider and the model, once when they are the same word", () => {
    expect(modelLabel({ provider: "openai", model: "gpt-4o" })).toBe("openai gpt-4o");
    expect(modelLabel({ provider: "scripted", model: "scripted" })).toBe("scripted");
  });
});
