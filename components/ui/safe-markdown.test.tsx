// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SafeMarkdown } from "./safe-markdown";
import { MarkdownView } from "@/components/elements/markdown-view";
import { MessageText } from "@/components/elements/message-text";

afterEach(cleanup);

const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("SafeMarkdown: nothing remote loads by itself", () => {
  it("an http, https or protocol-relative image is a placeholder with host and alt until clicked", () => {
    const md = "![tracking pixel](https://evil.example/p.gif) ![](http://plain.example:8080/a.png) ![rel](//cdn.example/x.png)";
    const { container } = render(<SafeMarkdown>{md}</SafeMarkdown>);
    expect(container.querySelectorAll("img")).toHaveLength(0);
    const placeholders = screen.getAllByTestId("remote-image-placeholder");
    expect(placeholders.map((p) => p.dataset.host)).toEqual(["evil.example", "plain.example:8080", "cdn.example"]);
    expect(placeholders[0]!.textContent).toContain("tracking pixel");
    expect(placeholders[0]!.textContent).toContain("evil.example");

    fireEvent.click(placeholders[0]!);
    const imgs = container.querySelectorAll("img");
    expect(imgs).toHaveLength(1);
    expect(imgs[0]!.getAttribute("src")).toBe("https://evil.example/p.gif");
    expect(imgs[0]!.getAttribute("referrerpolicy")).toBe("no-referrer");
    // The other two still wait.
    expect(container.querySelectorAll("img[src^=http], img[src^='//']")).toHaveLength(1);
    expect(screen.getAllByTestId("remote-image-placeholder")).toHaveLength(2);
  });

  it("a relative image would hit Loupe itself: it waits too", () => {
    const { container } = render(<SafeMarkdown>{"![x](/api/connections)"}</SafeMarkdown>);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("remote-image-placeholder").dataset.host).toBe("a relative address");
  });

  it("an inline data: image renders at once", () => {
    const { container } = render(<SafeMarkdown>{`![dot](${PIXEL})`}</SafeMarkdown>);
    expect(container.querySelector("img")?.getAttribute("src")).toBe(PIXEL);
    expect(screen.queryByTestId("remote-image-placeholder")).toBeNull();
  });

  it("links open in a new tab with noopener noreferrer; javascript: links lose their href", () => {
    const { container } = render(<SafeMarkdown>{"[docs](https://example.com/docs) and [x](javascript:alert(1))"}</SafeMarkdown>);
    const [docs, js] = Array.from(container.querySelectorAll("a"));
    expect(docs!.getAttribute("href")).toBe("https://example.com/docs");
    expect(docs!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(docs!.getAttribute("target")).toBe("_blank");
    expect(js?.getAttribute("href") ?? "").not.toContain("javascript");
  });
});

describe("where server and agent markdown is shown", () => {
  it("a tool result in markdown view shows no remote image", () => {
    const { container } = render(<MarkdownView markdown={"| a |\n|---|\n| ![x](https://evil.example/t.png) |"} />);
    expect(container.querySelector("img[src^=http]")).toBeNull();
    expect(screen.getByTestId("remote-image-placeholder").dataset.host).toBe("evil.example");
  });

  it("an agent's message shows no remote image", () => {
    const { container } = render(<MessageText text={"Look: ![chart](https://agent.example/c.png)"} partial={false} />);
    expect(container.querySelector("img[src^=http]")).toBeNull();
    fireEvent.click(screen.getByTestId("remote-image-placeholder"));
    expect(container.querySelector("img[src^=http]")?.getAttribute("src")).toBe("https://agent.example/c.png");
  });
});
