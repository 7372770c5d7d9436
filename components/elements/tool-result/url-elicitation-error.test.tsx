// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ToolResultView } from "./tool-result-view";
import { makeCall } from "./test-helpers";

afterEach(cleanup);

// The error the fixture server tests/fixtures/url-elicitation-server.mjs answers with, as Loupe
// records it on the call (tests/integration/url-elicitation.test.ts checks the live shape).
const refused = makeCall("connect-account", "rpc_error", {
  args: { account: "ada" },
  error: {
    code: "upstream:rpc_error",
    message: "MCP error -32042: This call needs you to authorize first",
    details: {
      code: -32042,
      data: {
        elicitations: [
          {
            mode: "url",
            elicitationId: "auth-1",
            url: "https://auth.example.com/connect?account=ada",
            message: "Authorize access to your account.",
          },
          { mode: "url", elicitationId: "bad-1", url: "javascript:alert(1)", message: "Never opened by a client." },
        ],
      },
    },
  },
});

describe("a call refused with -32042 (URL elicitation required)", () => {
  it("shows each link with its domain, opens an http(s) one only after a confirm, and never links javascript:", () => {
    render(<ToolResultView call={refused} />);
    const links = screen.getAllByTestId("url-elicitation-link");
    expect(links).toHaveLength(2);
    expect(within(links[0]!).getByTestId("url-elicitation-domain").textContent).toBe("auth.example.com");
    expect(links[0]!.textContent).toContain("Authorize access to your account.");
    // Nothing opens on the first click: a second, explicit step names the domain.
    expect(within(links[0]!).queryByTestId("url-elicitation-open")).toBeNull();
    fireEvent.click(within(links[0]!).getByTestId("url-elicitation-confirm"));
    expect(links[0]!.textContent).toContain("Open auth.example.com in a new tab?");
    const open = within(links[0]!).getByTestId<HTMLAnchorElement>("url-elicitation-open");
    expect(open.getAttribute("href")).toBe("https://auth.example.com/connect?account=ada");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toBe("noopener noreferrer");

    expect(within(links[1]!).getByTestId("url-elicitation-unsafe")).toBeTruthy();
    expect(within(links[1]!).queryByTestId("url-elicitation-confirm")).toBeNull();
    expect(links[1]!.querySelector("a")).toBeNull();
    // The links replace the raw error data (still one click away under Raw).
    expect(screen.queryByText("Error data")).toBeNull();
  });

  it("offers a Retry of the call", () => {
    const onRetry = vi.fn();
    render(<ToolResultView call={refused} onRetry={onRetry} />);
    fireEvent.click(screen.getByTestId("url-elicitation-retry"));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("another JSON-RPC error keeps the raw data view", () => {
    render(
      <ToolResultView
        call={makeCall("x", "rpc_error", {
          error: { code: "upstream:rpc_error", message: "bad", details: { code: -32602, data: { why: 1 } } },
        })}
      />,
    );
    expect(screen.queryByTestId("url-elicitation-error")).toBeNull();
    expect(screen.getByText("Error data")).toBeTruthy();
  });
});
