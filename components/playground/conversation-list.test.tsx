// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Conversation } from "@/lib/contracts/playground";
import { ConversationList } from "@/components/playground/conversation-list";
import { PgComposer } from "@/components/playground/pg-composer";

afterEach(cleanup);

const conv = (id: string, title: string) =>
  ({
    id,
    title,
    createdAt: 1,
    updatedAt: 1,
    systemPrompt: "",
    servers: [],
    policy: "never",
    toolPolicies: {},
    columns: [],
  }) as Conversation;

describe("ConversationList", () => {
  it("opens, creates, renames in place and deletes only after a second click", async () => {
    const props = { onSelect: vi.fn(), onCreate: vi.fn(), onRename: vi.fn(() => Promise.resolve()), onDelete: vi.fn() };
    render(<ConversationList conversations={[conv("a", "Trip"), conv("b", "Bugs")]} selectedId="a" creating={false} {...props} />);
    expect(screen.getAllByTestId("pg-conversation").map((r) => r.getAttribute("aria-current"))).toEqual(["page", null]);
    fireEvent.click(screen.getByRole("button", { name: "Bugs" }));
    expect(props.onSelect).toHaveBeenCalledWith("b");
    fireEvent.click(screen.getByTestId("pg-new-conversation"));
    expect(props.onCreate).toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Rename Trip" }));
    fireEvent.change(screen.getByTestId("pg-rename-input"), { target: { value: "  Lisbon trip " } });
    fireEvent.submit(screen.getByTestId("pg-rename-input"));
    expect(props.onRename).toHaveBeenCalledWith("a", "Lisbon trip");
    await waitFor(() => expect(screen.queryByTestId("pg-rename-input")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Delete Bugs" }));
    expect(props.onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("pg-confirm-delete"));
    expect(props.onDelete).toHaveBeenCalledWith("b");
  });
});

describe("PgComposer", () => {
  it("Enter sends and clears, Shift+Enter does not send; while a turn runs it offers Stop and holds Send", async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const onStop = vi.fn();
    const { rerender } = render(<PgComposer onSend={onSend} onStop={onStop} running={false} sending={false} stopping={false} />);
    const input = screen.getByTestId<HTMLTextAreaElement>("pg-composer-input");
    fireEvent.change(input, { target: { value: "line one" } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("line one");
    await waitFor(() => expect(input.value).toBe(""));
    expect(screen.queryByTestId("pg-stop")).toBeNull();

    rerender(<PgComposer onSend={onSend} onStop={onStop} running sending={false} stopping={false} />);
    fireEvent.change(input, { target: { value: "next" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId<HTMLButtonElement>("pg-send").disabled).toBe(true);
    fireEvent.click(screen.getByTestId("pg-stop"));
    expect(onStop).toHaveBeenCalled();
  });

  it("keeps the text when the server refuses the message", async () => {
    const onSend = vi.fn(() => Promise.reject(new Error("409")));
    render(<PgComposer onSend={onSend} onStop={() => undefined} running={false} sending={false} stopping={false} />);
    const input = screen.getByTestId<HTMLTextAreaElement>("pg-composer-input");
    fireEvent.change(input, { target: { value: "keep me" } });
    fireEvent.click(screen.getByTestId("pg-send"));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(input.value).toBe("keep me");
  });
});
