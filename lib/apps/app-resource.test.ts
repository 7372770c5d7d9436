import { describe, expect, it } from "vitest";
import { parseAppResource, sandboxUrl } from "@/lib/apps/app-resource";

describe("parseAppResource", () => {
  it("takes text HTML and _meta.ui of the matching item", () => {
    const r = parseAppResource(
      {
        contents: [
          { uri: "ui://other", text: "no" },
          {
            uri: "ui://a",
            mimeType: "text/html;profile=mcp-app",
            text: "<p>hi</p>",
            _meta: { ui: { csp: { connectDomains: ["https://a.com", 3] }, prefersBorder: true } },
          },
        ],
      },
      "ui://a",
    );
    expect(r).toMatchObject({ html: "<p>hi</p>", prefersBorder: true, warnings: [], csp: { connectDomains: ["https://a.com"] } });
  });
  it("decodes a base64 blob (UTF-8) and warns about another MIME type", () => {
    const r = parseAppResource(
      { contents: [{ uri: "ui://a", mimeType: "text/html", blob: Buffer.from("<p>é</p>").toString("base64") }] },
      "ui://a",
    );
    expect(r).toMatchObject({ html: "<p>é</p>", warnings: ["MIME type is text/html, not text/html;profile=mcp-app"] });
  });
  it("says why when there is nothing to show", () => {
    expect(parseAppResource({ contents: [] }, "ui://a")).toEqual({ error: "The server returned no contents for ui://a" });
    expect(parseAppResource({ contents: [{ uri: "ui://a" }] }, "ui://a")).toEqual({ error: "The resource has neither text nor blob" });
    expect(parseAppResource(null, "ui://a")).toHaveProperty("error");
  });
  it("builds the sandbox address with the parent origin and the CSP", () => {
    const u = new URL(sandboxUrl("http://127.0.0.1:7170", "http://127.0.0.1:6461", { connectDomains: ["https://a.com"] }));
    expect(u.origin).toBe("http://127.0.0.1:7170");
    expect(u.pathname).toBe("/sandbox");
    expect(u.searchParams.get("parent")).toBe("http://127.0.0.1:6461");
    expect(JSON.parse(u.searchParams.get("csp")!)).toEqual({ connectDomains: ["https://a.com"] });
  });
});
