// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { PeerDialog } from "./peer-dialog";
import { PeerHeadersField, PeerMonoField, PeerNameField } from "./peer-fields";
import { headersFromRows, type HeaderRow } from "./header-draft";
import { usePeerDraft, type DraftCheck } from "./use-peer-draft";

afterEach(cleanup);

interface Draft {
  name: string;
  url: string;
  headers: HeaderRow[];
}
type Input = { name: string; url: string; headers: Record<string, string> };
type Errors = Partial<Record<keyof Draft, string>>;

const check = (d: Draft): DraftCheck<Input, Errors> => {
  const errors: Errors = {};
  const { headers, error } = headersFromRows(d.headers);
  if (error) errors.headers = error;
  if (!d.name) errors.name = "A name is required";
  if (!/^https?:\/\//.test(d.url)) errors.url = "An http(s) URL";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input: { name: d.name, url: d.url, headers } };
};

function TestDialog(props: {
  onSubmit: (input: Input) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
  pending?: boolean;
  error?: Error | null;
}) {
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: (): Draft => ({ name: "", url: "", headers: [] }),
    check,
    onSubmit: props.onSubmit,
    onOpenChange: props.onOpenChange,
  });
  return (
    <PeerDialog
      onOpenChange={props.onOpenChange}
      testId="peer-dialog"
      title="Add peer"
      description="A peer."
      onSubmit={submit}
      error={props.error ?? null}
      submit={{ testId: "save-peer", label: "Add peer", pendingLabel: "Saving…", pending: props.pending ?? false }}
    >
      <PeerNameField id="peer-name" value={draft.name} onChange={(name) => patch({ name })} error={errors.name} />
      <PeerMonoField id="peer-url" label="URL" value={draft.url} onChange={(url) => patch({ url })} error={errors.url} />
      <PeerHeadersField label="Headers" rows={draft.headers} onChange={(headers) => patch({ headers })} error={errors.headers} />
    </PeerDialog>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("PeerDialog with usePeerDraft", () => {
  it("shows each field's error and sends nothing while the draft does not check", () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<TestDialog onSubmit={onSubmit} onOpenChange={vi.fn()} />);
    expect(screen.getByTestId("peer-dialog")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add header" }));
    type("header value 1", "orphan");
    fireEvent.click(screen.getByTestId("save-peer"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("field-error-peer-name").textContent).toBe("A name is required");
    expect(screen.getByTestId("field-error-peer-url").textContent).toBe("An http(s) URL");
    expect(screen.getByText("Every header needs a name")).toBeTruthy();
  });

  it("sends the checked input and closes once saved; a refused save keeps the dialog and what was typed", async () => {
    const onOpenChange = vi.fn();
    const onSubmit = vi.fn<(input: Input) => Promise<unknown>>().mockRejectedValueOnce(new Error("refused")).mockResolvedValueOnce({});
    render(<TestDialog onSubmit={onSubmit} onOpenChange={onOpenChange} />);
    type("Name", "peer");
    type("URL", "http://127.0.0.1:1");
    await act(async () => fireEvent.click(screen.getByTestId("save-peer")));
    expect(onSubmit).toHaveBeenLastCalledWith({ name: "peer", url: "http://127.0.0.1:1", headers: {} });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe("peer");
    await act(async () => fireEvent.submit(screen.getByLabelText("Name").closest("form")!));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it("shows the save's error, the pending words on a disabled save button, and Cancel closes", () => {
    const onOpenChange = vi.fn();
    render(<TestDialog onSubmit={vi.fn()} onOpenChange={onOpenChange} pending error={new Error("Could not reach it")} />);
    expect(screen.getByRole("alert").textContent).toBe("Could not reach it");
    const save = screen.getByTestId<HTMLButtonElement>("save-peer");
    expect(save.textContent).toBe("Saving…");
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
