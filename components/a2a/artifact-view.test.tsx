// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { PartView } from "./artifact-view";

afterEach(cleanup);

describe("A2A file parts", () => {
  it("an image the agent links to waits for a click instead of loading (no beacon from a live task or an imported bundle)", () => {
    const { container } = render(
      <PartView part={{ kind: "file", uri: "https://tracker.example/pixel.png", mimeType: "image/png", name: "chart.png" }} />,
    );
    expect(container.querySelector("img")).toBeNull();
    const placeholder = screen.getByTestId("remote-image-placeholder");
    expect(placeholder.getAttribute("data-host")).toBe("tracker.example");
    fireEvent.click(placeholder);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://tracker.example/pixel.png");
  });

  it("inline bytes show at once; a javascript: uri is shown as text, never linked", () => {
    const { container } = render(<PartView part={{ kind: "file", bytes: "iVBORw0KGgo=", mimeType: "image/png", name: "a.png" }} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    cleanup();
    render(<PartView part={{ kind: "file", uri: "javascript:alert(1)", mimeType: "text/plain", name: "x" }} />);
    expect(screen.queryByTestId("a2a-part-download")).toBeNull();
    expect(screen.getByTestId("a2a-part-file").textContent).toContain("link not followed: javascript:alert(1)");
  });
});
