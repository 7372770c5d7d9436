// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { defaultArgumentsForSchema, validateValue } from "@/lib/schema/form";
import type { JsonSchemaObject, ValidationIssue } from "@/lib/schema/form";
import { SchemaFormEditor } from "./schema-form-editor";

import { MCP_FIXTURES as FIXTURES } from "@/lib/testing/shared-fixtures";
const fsTools = (
  JSON.parse(readFileSync(`${FIXTURES}/server-filesystem/filesystem-listing.json`, "utf8")) as {
    tools: { tools: { name: string; inputSchema: JsonSchemaObject }[] };
  }
).tools.tools;
const editFile = fsTools.find((t) => t.name === "edit_file")?.inputSchema ?? {};
const elicitation = (
  JSON.parse(readFileSync(`${FIXTURES}/server-everything/fixture-elicitation-requestedSchema.json`, "utf8")) as {
    requestedSchema: JsonSchemaObject;
  }
).requestedSchema;

afterEach(cleanup);

interface HarnessProps {
  schema: JsonSchemaObject;
  initial?: Record<string, unknown>;
  validate?: boolean;
  onValue?: (value: Record<string, unknown>) => void;
  onJsonError?: (message: string | null) => void;
}

/** The editor as a page uses it: value state held outside, errors from validateValue. */
function Harness({ schema, initial, validate = false, onValue, onJsonError }: HarnessProps) {
  const [value, setValue] = useState<Record<string, unknown>>(initial ?? defaultArgumentsForSchema(schema));
  const result = validate ? validateValue(schema, value) : { ok: true as const };
  const errors: ValidationIssue[] = result.ok ? [] : result.errors;
  return (
    <SchemaFormEditor
      schema={schema}
      value={value}
      errors={errors}
      onJsonErrorChange={onJsonError}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function lastCall<T>(fn: { mock: { calls: T[][] } }): T | undefined {
  return fn.mock.calls.at(-1)?.[0];
}

describe("SchemaFormEditor — filesystem edit_file", () => {
  it("builds two edits through the array-of-objects UI and emits the exact arguments", () => {
    const onValue = vi.fn();
    render(<Harness schema={editFile} onValue={onValue} />);
    expect(screen.getByRole("checkbox", { name: "dryRun" }).getAttribute("aria-checked")).toBe("false");
    type(screen.getByRole("textbox", { name: "path" }), "/tmp/notes.txt");
    const edits = screen.getByRole("group", { name: "edits" });
    fireEvent.click(within(edits).getByRole("button", { name: "Add item" }));
    fireEvent.click(within(edits).getByRole("button", { name: "Add item" }));
    const first = screen.getByRole("group", { name: "edits item 1" });
    type(within(first).getByRole("textbox", { name: "oldText" }), "hello\nworld");
    type(within(first).getByRole("textbox", { name: "newText" }), "hi");
    const second = screen.getByRole("group", { name: "edits item 2" });
    type(within(second).getByRole("textbox", { name: "oldText" }), "foo");
    // A required text field that is typed into and emptied again is sent as "" (it was asked for).
    type(within(second).getByRole("textbox", { name: "newText" }), "x");
    type(within(second).getByRole("textbox", { name: "newText" }), "");
    fireEvent.click(screen.getByRole("checkbox", { name: "dryRun" }));
    expect(lastCall(onValue)).toEqual({
      path: "/tmp/notes.txt",
      edits: [
        { oldText: "hello\nworld", newText: "hi" },
        { oldText: "foo", newText: "" },
      ],
      dryRun: true,
    });
    expect(screen.getByTestId("schema-field-/edits/1/oldText")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Move edits item 2 up" }));
    expect((lastCall(onValue) as { edits: unknown[] }).edits).toEqual([
      { oldText: "foo", newText: "" },
      { oldText: "hello\nworld", newText: "hi" },
    ]);
    expect(
      within(screen.getByRole("group", { name: "edits item 1" })).getByRole<HTMLTextAreaElement>("textbox", { name: "oldText" }).value,
    ).toBe("foo");
    fireEvent.click(screen.getByRole("button", { name: "Remove edits item 1" }));
    expect(lastCall(onValue)).toEqual({ path: "/tmp/notes.txt", edits: [{ oldText: "hello\nworld", newText: "hi" }], dryRun: true });
    expect(screen.queryByRole("group", { name: "edits item 2" })).toBeNull();
  });

  it("puts validation messages beside the failing item field", () => {
    render(<Harness schema={editFile} initial={{ path: "/x", edits: [{ oldText: "a" }] }} validate />);
    const alert = within(screen.getByTestId("schema-field-/edits/0/newText")).getByRole("alert");
    expect(alert.textContent).toBe("is required");
    expect(screen.getByRole("textbox", { name: "newText" }).getAttribute("aria-invalid")).toBe("true");
  });
});

describe("SchemaFormEditor — elicitation schema", () => {
  it("renders every field with its default", () => {
    render(<Harness schema={elicitation} />);
    const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
    const name = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" });
    expect(name.value).toBe("");
    expect(name.getAttribute("aria-required")).toBe("true");
    expect(screen.getByRole("checkbox", { name: "Boolean" }).getAttribute("aria-checked")).toBe("false");
    expect(input("String with default").value).toBe("It was a dark and stormy night.");
    expect(input("String with email format").type).toBe("email");
    expect(input("String with uri format").type).toBe("url");
    expect(input("String with date format").type).toBe("date");
    expect(input("Integer").value).toBe("42");
    expect(input("Number in range 1-1000").value).toBe("3.14");
    const selected = (label: string) => {
      const select = screen.getByRole<HTMLSelectElement>("combobox", { name: label });
      return select.options[select.selectedIndex]?.textContent;
    };
    expect(selected("Untitled Single Select Enum")).toBe("Monica");
    expect(selected("Titled Single Select Enum")).toBe("Superman");
    expect(selected("Legacy Titled Single Select Enum")).toBe("Cats");
    const checked = (group: string, option: string) =>
      within(screen.getByRole("group", { name: group }))
        .getByRole("checkbox", { name: option })
        .getAttribute("aria-checked");
    expect(checked("Untitled Multiple Select Enum", "Guitar")).toBe("true");
    expect(checked("Untitled Multiple Select Enum", "Piano")).toBe("false");
    expect(checked("Titled Multiple Select Enum", "Tuna")).toBe("true");
    expect(checked("Titled Multiple Select Enum", "Trout")).toBe("false");
    expect(screen.getByText("Your full, legal name")).toBeTruthy();
  });

  it("edits selects by value and shows bound errors", () => {
    const onValue = vi.fn();
    render(<Harness schema={elicitation} onValue={onValue} validate />);
    fireEvent.change(screen.getByRole("combobox", { name: "Titled Single Select Enum" }), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Salmon" }));
    type(screen.getByLabelText("Integer"), "0");
    expect(lastCall(onValue)).toMatchObject({
      titledSingleSelectEnum: "hero-3",
      titledMultipleSelectEnum: ["fish-1", "fish-2"],
      integer: 0,
    });
    expect(within(screen.getByTestId("schema-field-/integer")).getByRole("alert").textContent).toBe("must be at least 1");
    expect(within(screen.getByTestId("schema-field-/name")).getByRole("alert").textContent).toBe("is required");
  });
});

describe("SchemaFormEditor — JSON mode", () => {
  it("keeps odd user text untouched, blocks Form while invalid, and pretty-prints on the way in", () => {
    const onValue = vi.fn();
    const onJsonError = vi.fn();
    render(<Harness schema={editFile} onValue={onValue} onJsonError={onJsonError} />);
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    const area = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "JSON" });
    expect(area.value).toBe('{\n  "dryRun": false\n}');

    const incomplete = '{"a": "x\\ny"';
    type(area, incomplete);
    expect(area.value).toBe(incomplete);
    expect(screen.getByTestId("schema-form-json-error").textContent).toMatch(/^Invalid JSON: /);
    expect(lastCall(onJsonError)).toMatch(/^Invalid JSON: /);
    expect(onValue).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Form" }));
    expect(screen.getByTestId("schema-form").getAttribute("data-mode")).toBe("json");
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "JSON" }).value).toBe(incomplete);

    const complete = '{"a": "x\\ny",   "path":"/p"}';
    type(area, complete);
    expect(area.value).toBe(complete);
    expect(lastCall(onValue)).toEqual({ a: "x\ny", path: "/p" });
    expect(lastCall(onJsonError)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Form" }));
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "path" }).value).toBe("/p");
    // The undeclared key is kept and shown, not dropped.
    expect(screen.getByTestId("schema-field-/a")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "JSON" }).value).toBe('{\n  "a": "x\\ny",\n  "path": "/p"\n}');
  });

  it("rejects a JSON value that is not an object", () => {
    const onJsonError = vi.fn();
    render(<Harness schema={editFile} onJsonError={onJsonError} />);
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    type(screen.getByRole("textbox", { name: "JSON" }), "[1, 2]");
    expect(lastCall(onJsonError)).toBe("The value must be a JSON object ({ … }).");
  });
});
