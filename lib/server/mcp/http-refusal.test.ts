import { describe, expect, it } from "vitest";
import { SdkError, SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { bodyWords, httpFailureWords, isHtmlPage, pageWords } from "@/lib/server/mcp/http-refusal";

const NGINX_502 = `<!DOCTYPE html>
<html>
<head><title>502 Bad Gateway</title><style>body { color: red }</style></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.25.3</center>
</body>
</html>
`;

describe("HTML error pages in words", () => {
  it("tells a page by its start or its content type, not by a tag somewhere in text", () => {
    expect(isHtmlPage(NGINX_502)).toBe(true);
    expect(isHtmlPage("\uFEFF<!-- proxy --> <HTML lang=en><body>x</body></HTML>")).toBe(true);
    expect(isHtmlPage("oops", "text/html; charset=utf-8")).toBe(true);
    expect(isHtmlPage("down for maintenance <b>soon</b>")).toBe(false);
    expect(isHtmlPage('{"error":"<html>"}', "application/json")).toBe(false);
  });

  it("says a page by its title, else its first heading, else its first line of text", () => {
    expect(pageWords(NGINX_502)).toBe("502 Bad Gateway");
    expect(pageWords("<html><body><h1>Not&nbsp;Found &amp; gone</h1></body></html>")).toBe("Not Found & gone");
    expect(
      pageWords("<html><head><script>var a = 1;</script></head><body><p>\n  Service   unavailable\n</p><p>later</p></body></html>"),
    ).toBe("Service unavailable");
    expect(pageWords("<html></html>")).toBe("");
  });

  it("keeps the words short however long the page is", () => {
    const words = pageWords(`<html><title>${"x".repeat(5_000)}</title></html>`);
    expect(words.length).toBeLessThanOrEqual(121);
    expect(words.endsWith("…")).toBe(true);
    expect(bodyWords(`plain ${"y".repeat(5_000)}`).length).toBeLessThanOrEqual(121);
  });

  it("words the SDK's Streamable HTTP and legacy SSE POST errors; other messages stay, cut short", () => {
    const streamable = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${NGINX_502}`, {
      status: 502,
      text: NGINX_502,
    });
    expect(httpFailureWords(streamable)).toBe("The server answered HTTP 502 with an HTML page, not MCP: 502 Bad Gateway");
    const legacy = new Error(`Error POSTing to endpoint (HTTP 404): <!doctype html><html><body><h1>Not Found</h1></body></html>`);
    expect(httpFailureWords(legacy)).toBe("The server answered HTTP 404 with an HTML page, not MCP: Not Found");
    const plain = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, "Error POSTing to endpoint: down for maintenance", {
      status: 503,
      text: "down for maintenance",
    });
    expect(httpFailureWords(plain)).toBe("Error POSTing to endpoint: down for maintenance");
    expect(httpFailureWords(new Error("z".repeat(10_000))).length).toBeLessThanOrEqual(501);
    const typed = new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, "Unexpected content type: text/html", {
      contentType: "text/html",
    });
    expect(httpFailureWords(typed)).toBe("The server answered with an HTML page (text/html), not MCP");
  });
});
