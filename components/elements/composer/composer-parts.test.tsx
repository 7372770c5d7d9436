// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { AttachButton, AttachedFiles, useAttachments } from "./attachments";
import { bytesToBase64, fileToBase64 } from "./file-bytes";
import { MessageInput } from "./message-input";

afterEach(cleanup);

describe("MessageInput", () => {
  it("sends on Enter, not on Shift+Enter nor while an input method composes", () => {
    const onSend = vi.fn();
    render(<MessageInput value="" onChange={() => undefined} onSend={onSend} />);
    const box = screen.getByLabelText("Message");
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});

describe("attachments", () => {
  it("adds picked files, lists them with their type, removes one, clears all", () => {
    const { result } = renderHook(() => useAttachments());
    const a = new File(["a"], "a.txt", { type: "text/plain" });
    const b = new File(["b"], "b.bin");
    act(() => result.current.add([a, b]));
    expect(result.current.files.map((f) => f.name)).toEqual(["a.txt", "b.bin"]);
    const onRemove = vi.fn();
    render(<AttachedFiles files={result.current.files} onRemove={onRemove} testId="file" />);
    expect(screen.getAllByTestId("file").map((li) => li.textContent)).toEqual(["a.txttext/plain", "b.binbinary"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove b.bin" }));
    expect(onRemove).toHaveBeenCalledWith(1);
    act(() => result.current.remove(0));
    expect(result.current.files.map((f) => f.name)).toEqual(["b.bin"]);
    act(() => result.current.clear());
    expect(result.current.files).toEqual([]);
  });

  it("the paperclip's input hands over the picked files", () => {
    const onFiles = vi.fn();
    render(<AttachButton onFiles={onFiles} inputTestId="pick" />);
    const file = new File(["x"], "x.txt");
    fireEvent.change(screen.getByTestId("pick"), { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
  });
});

describe("file bytes", () => {
  it("encodes bytes as base64, a file as its bytes' base64", async () => {
    expect(bytesToBase64(new TextEncoder().encode("hello"))).toBe("aGVsbG8=");
    expect(await fileToBase64(new File(["hello"], "h.txt"))).toBe("aGVsbG8=");
  });
});
