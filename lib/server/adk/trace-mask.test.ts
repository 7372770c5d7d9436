import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { maskAttributes } from "@/lib/server/adk/trace";

describe("ADK trace attributes", () => {
  it("mask credentials under any spelling the bundle export masks, inside JSON-string attributes too", () => {
    const masked = maskAttributes({
      "gcp.vertex.agent.tool_call_args": JSON.stringify({ "user:github_token": "ghp_live_1234", city: "Paris" }),
      "gcp.vertex.agent.llm_request": JSON.stringify({ config: { httpOptions: { headers: { "x-goog-api-key": "AIza-secret" } } } }),
      "gen_ai.tool.name": "lookup",
      stripe_api_key: "sk_live_999",
    });
    const text = JSON.stringify(masked);
    for (const secret of ["ghp_live_1234", "AIza-secret", "sk_live_999"]) expect(text).not.toContain(secret);
    expect(JSON.parse(masked["gcp.vertex.agent.tool_call_args"] as string)).toEqual({ "user:github_token": SECRET_MASK, city: "Paris" });
    expect(masked["gen_ai.tool.name"]).toBe("lookup");
  });
});
