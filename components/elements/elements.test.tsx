// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { VIEW_LIMIT_BYTES } from "@/lib/text/truncate";
import { AppError } from "@/lib/errors";
import {
  BusyButton,
  COPY_FEEDBACK_MS,
  CopyButton,
  JsonTextField,
  JsonView,
  ListSearchBar,
  QueryError,
  ReadOnlyJson,
  StatusBadge,
  TONE_CLASS,
  type StatusTone,
} from "./index";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: writeText ? { writeText } : undefined });
}

describe("CopyButton", () => {
  it("copies the lazily produced text, says Copied, then reads its label again", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    setClipboard(writeText);
    const getText = vi.fn(() => "payload");
    render(<CopyButton getText={getText} label="Copy URL" />);
    expect(getText).not.toHaveBeenCalled();
    const button = screen.getByRole("button", { name: "Copy URL" });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith("payload");
    expect(button.textContent).toBe("Copied");
    expect(button.dataset.state).toBe("copied");
    act(() => {
      vi.advanceTimersByTime(COPY_FEEDBACK_MS);
    });
    expect(button.textContent).toBe("Copy URL");
  });

  it("says Copy failed when the clipboard is missing (not a secure context) or refuses", async () => {
    setClipboard(undefined);
    render(<CopyButton getText={() => "x"} ariaLabel="Copy Request" />);
    const button = screen.getByRole("button", { name: "Copy Request" });
    await act(async () => fireEvent.click(button));
    expect(button.textContent).toBe("Copy failed");
    cleanup();
    setClipboard(async () => {
      throw new Error("denied");
    });
    render(<CopyButton getText={() => "x"} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(screen.getByTestId("copy-button").dataset.state).toBe("failed");
  });
});

describe("JsonView: the one truncation rule", () => {
  it("shows a value under the limit whole, pretty-printed", () => {
    render(<JsonView value={{ a: [1] }} />);
    expect(screen.getByTestId("json-view").textContent).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(screen.queryByRole("button", { name: /Show all/ })).toBeNull();
  });

  it("cuts at VIEW_LIMIT_BYTES UTF-8 bytes by default, on a character boundary, until Show all", () => {
    const big = "é".repeat(VIEW_LIMIT_BYTES); // 2 bytes each: twice the limit once quoted
    render(<JsonView value={big} />);
    const pre = screen.getByTestId("json-view");
    expect(pre.dataset.truncated).toBe("true");
    const shown = pre.textContent ?? "";
    expect(shown.endsWith("…")).toBe(true);
    const visible = shown.slice(0, -1);
    expect(new TextEncoder().encode(visible).length).toBeLessThanOrEqual(VIEW_LIMIT_BYTES);
    expect(new TextEncoder().encode(visible).length).toBeGreaterThan(VIEW_LIMIT_BYTES - 2);
    expect(visible).not.toContain("\uFFFD"); // no half character
    fireEvent.click(screen.getByRole("button", { name: /Show all \(200 KB\)/ }));
    expect(screen.getByTestId("json-view").textContent).toBe(JSON.stringify(big));
  });

  it("never throws on values JSON cannot encode", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    render(<JsonView value={circular} data-testid="odd" />);
    expect(screen.getByTestId("odd").textContent).toBe("[object Object]");
  });

  it("ReadOnlyJson shows its value through the same viewer, collapsed when asked", () => {
    render(<ReadOnlyJson label="Payload" value={{ b: 2 }} testId="payload" collapsed />);
    const box = screen.getByTestId("payload");
    expect(box.tagName).toBe("DETAILS");
    expect(box.querySelector("[data-testid='json-view']")?.textContent).toBe('{\n  "b": 2\n}');
  });
});

describe("StatusBadge", () => {
  it("maps every tone to its own classes and keeps the word", () => {
    const tones = Object.keys(TONE_CLASS) as StatusTone[];
    expect(tones.sort()).toEqual(["canceled", "failed", "info", "ok", "pending", "running", "stale", "warning"]);
    expect(new Set(tones.map((t) => TONE_CLASS[t])).size).toBe(tones.length);
    render(
      <StatusBadge tone="failed" data-testid="badge">
        Failed
      </StatusBadge>,
    );
    const badge = screen.getByTestId("badge");
    expect(badge.textContent).toBe("Failed");
    expect(badge.dataset.tone).toBe("failed");
    expect(badge.className).toContain("text-destructive");
  });
});

describe("the other elements", () => {
  it("QueryError shows what failed, the error code, and Retry", () => {
    const retry = vi.fn();
    render(<QueryError title="Could not load tools" error={new AppError("not_found:connection", "No such connection")} onRetry={retry} />);
    const alert = screen.getByTestId("query-error");
    expect(alert.textContent).toContain("Could not load tools");
    expect(alert.textContent).toContain("No such connection");
    expect(alert.textContent).toContain("(not_found:connection)");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("BusyButton is disabled with a spinner while busy", () => {
    const { rerender } = render(<BusyButton busy={false}>Send</BusyButton>);
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false);
    rerender(<BusyButton busy>Send</BusyButton>);
    const button = screen.getByRole("button", { name: "Send" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByTestId("answer-sending")).toBeTruthy();
  });

  it("JsonTextField keeps the text verbatim and ties the error to the field", () => {
    const onTextChange = vi.fn();
    render(
      <JsonTextField
        id="args"
        label="Arguments"
        text={'{"a":'}
        error="Invalid JSON: Unexpected end"
        onTextChange={onTextChange}
        testId="args"
      />,
    );
    const field = screen.getByTestId<HTMLTextAreaElement>("args");
    expect(field.value).toBe('{"a":');
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe("args-error");
    expect(screen.getByTestId("json-error").textContent).toBe("Invalid JSON: Unexpected end");
    fireEvent.change(field, { target: { value: '{"a":1}' } });
    expect(onTextChange).toHaveBeenCalledWith('{"a":1}');
  });

  it("ListSearchBar searches and refreshes, and spins while refreshing", () => {
    const onChange = vi.fn();
    const onRefresh = vi.fn();
    render(
      <ListSearchBar
        noun="tools"
        value=""
        onChange={onChange}
        searchTestId="s"
        onRefresh={onRefresh}
        refreshing
        refreshTitle="Re-list"
        refreshTestId="r"
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Search tools" }), { target: { value: "echo" } });
    expect(onChange).toHaveBeenCalledWith("echo");
    expect(screen.getByTestId("r").hasAttribute("disabled")).toBe(true);
  });
});
