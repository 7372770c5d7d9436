// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { nextIndex } from "./use-list-keys";
import { ConnectionList } from "@/components/mcp/connections/connection-list";
import { ResourceList } from "@/components/mcp/resources/resource-list";
import { InboxList } from "@/components/inbox/inbox-list";
import { itemFrom } from "@/components/adk/interrupts/test-items";
import { ToolRunForm } from "@/components/mcp/tools/tool-run-form";
import { InputForm } from "@/components/adk/interrupts/input-form";
import { connectionFixture } from "@/components/mcp/workbench/test-support";

afterEach(cleanup);

describe("nextIndex", () => {
  it("moves one step, clamps at the ends, jumps with Home / End", () => {
    expect(nextIndex(0, 3, "ArrowDown")).toBe(1);
    expect(nextIndex(2, 3, "ArrowDown")).toBeNull();
    expect(nextIndex(0, 3, "ArrowUp")).toBeNull();
    expect(nextIndex(2, 3, "ArrowUp")).toBe(1);
    expect(nextIndex(1, 3, "Home")).toBe(0);
    expect(nextIndex(0, 3, "End")).toBe(2);
    expect(nextIndex(-1, 3, "ArrowDown")).toBe(0);
    expect(nextIndex(0, 0, "ArrowDown")).toBeNull();
  });
});

describe("arrow keys in lists", () => {
  it("the server list: arrows move focus, Enter opens the focused server", () => {
    const onSelect = vi.fn();
    const list = ["a", "b", "c"].map((id) => connectionFixture({ id, name: `server ${id}` }));
    render(<ConnectionList connections={list} selectedId="a" onSelect={onSelect} onAdd={() => {}} />);
    const items = screen.getAllByTestId("connection-item");
    items[0]!.focus();
    fireEvent.keyDown(items[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "End" });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith("b");
  });

  it("the resource list moves between its rows", () => {
    const resources = ["file:///a", "file:///b"].map((uri) => ({ uri, name: uri }));
    render(
      <ResourceList
        resources={resources}
        selectedUri={null}
        onSelect={() => {}}
        subscriptions={[]}
        latestUpdates={new Map()}
        scrollRef={{ current: null }}
      />,
    );
    const rows = screen.getAllByTestId("resource-item");
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(rows[1]);
  });

  it("the inbox moves between cards, Enter steps into a card, and typing in a card's field is left alone", () => {
    const rows = [itemFrom(["50"], "input", { sessionId: "w1" }), itemFrom(["22"], "long_running")].map((i) => ({
      ...i,
      source: "adk" as const,
    }));
    render(<InboxList items={rows} renderCard={() => <textarea aria-label="answer" />} />);
    const cards = screen.getAllByTestId("inbox-item");
    cards[0]!.focus();
    fireEvent.keyDown(cards[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: "Enter" });
    const field = cards[1]!.querySelector("textarea")!;
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: "ArrowUp" });
    expect(document.activeElement).toBe(field);
  });
});

describe("Ctrl/⌘+Enter", () => {
  const formProps = {
    schema: { type: "object", properties: { text: { type: "string" } } },
    value: {},
    onChange: () => {},
    errors: [],
    onJsonErrorChange: () => {},
    blocked: null,
    limits: {
      timeout: "60000",
      setTimeout: () => {},
      maxTotal: "600000",
      setMaxTotal: () => {},
      timeoutMs: 60_000,
      maxTotalTimeoutMs: 600_000,
      error: null,
    },
    onCancel: () => {},
  };

  it("runs the tool from inside its form, and not while a run is going or Run is disabled", () => {
    const onRun = vi.fn();
    const { rerender } = render(<ToolRunForm {...formProps} running={false} disabledReason={null} onRun={onRun} />);
    const timeout = screen.getByTestId("call-timeout");
    fireEvent.keyDown(timeout, { key: "Enter", ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(timeout, { key: "Enter", metaKey: true });
    expect(onRun).toHaveBeenCalledTimes(2);
    rerender(<ToolRunForm {...formProps} running disabledReason={null} onRun={onRun} />);
    fireEvent.keyDown(timeout, { key: "Enter", ctrlKey: true });
    rerender(<ToolRunForm {...formProps} running={false} disabledReason="Not connected" onRun={onRun} />);
    fireEvent.keyDown(timeout, { key: "Enter", ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(2);
  });

  it("sends an inbox free-text answer", () => {
    const onAnswer = vi.fn();
    const item = itemFrom(["50"], "input", { sessionId: "w1" });
    render(<InputForm item={item} onAnswer={onAnswer} busy={false} compact={false} />);
    const textMode = screen.queryByTestId("input-mode-text");
    if (textMode) fireEvent.click(textMode);
    const field = screen.getByTestId("input-free-text");
    fireEvent.change(field, { target: { value: "green" } });
    fireEvent.keyDown(field, { key: "Enter" });
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: "Enter", ctrlKey: true });
    expect(onAnswer).toHaveBeenCalledWith({ kind: "input", value: "green" });
  });
});
