// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { JsonSchemaObject } from "@/lib/schema/form";
import { SchemaFormEditor } from "./schema-form-editor";

afterEach(cleanup);

function Harness({
  schema,
  initial,
  onValue,
  onJsonError,
}: {
  schema: JsonSchemaObject;
  initial: Record<string, unknown>;
  onValue: (v: Record<string, unknown>) => void;
  onJsonError?: (m: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SchemaFormEditor
      schema={schema}
      value={value}
      onJsonErrorChange={onJsonError}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as unknown;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe("variant picker (anyOf of objects)", () => {
  const schema: JsonSchemaObject = {
    type: "object",
    properties: {
      shape: {
        anyOf: [
          { type: "object", properties: { kind: { const: "circle" }, radius: { type: "number" } }, required: ["kind", "radius"] },
          { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
        ],
      },
    },
    required: ["shape"],
  };

  it("shows the member the value matches and switches members", () => {
    const onValue = vi.fn();
    render(<Harness schema={schema} initial={{ shape: { kind: "square", side: 3 } }} onValue={onValue} />);
    const picker = screen.getByRole<HTMLSelectElement>("combobox", { name: "shape variant" });
    expect(picker.options[picker.selectedIndex]?.textContent).toBe("square");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "side" }).value).toBe("3");

    fireEvent.change(picker, { target: { value: "0" } });
    expect(last(onValue)).toEqual({ shape: { kind: "circle" } });
    expect(screen.queryByRole("textbox", { name: "side" })).toBeNull();
    type(screen.getByRole("textbox", { name: "radius" }), "2.5");
    expect(last(onValue)).toEqual({ shape: { kind: "circle", radius: 2.5 } });
  });
});

describe("nullable field", () => {
  it("toggles null explicitly and never turns an emptied input into null", () => {
    const onValue = vi.fn();
    const schema: JsonSchemaObject = { type: "object", properties: { note: { type: ["string", "null"] } } };
    render(<Harness schema={schema} initial={{}} onValue={onValue} />);
    type(screen.getByRole("textbox", { name: "note" }), "hi");
    expect(last(onValue)).toEqual({ note: "hi" });
    type(screen.getByRole("textbox", { name: "note" }), "");
    expect(last(onValue)).toEqual({});

    fireEvent.click(screen.getByRole("checkbox", { name: "note is null" }));
    expect(last(onValue)).toEqual({ note: null });
    expect(screen.queryByRole("textbox", { name: "note" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "note is null" }));
    expect(last(onValue)).toEqual({});
    expect(screen.getByRole("textbox", { name: "note" })).toBeTruthy();
  });
});

describe("numbers", () => {
  it("keeps half-typed numbers on screen, reports them, and rejects decimals for integers", () => {
    const onValue = vi.fn();
    const onJsonError = vi.fn();
    const schema: JsonSchemaObject = { type: "object", properties: { n: { type: "integer" } } };
    render(<Harness schema={schema} initial={{}} onValue={onValue} onJsonError={onJsonError} />);
    const input = screen.getByRole<HTMLInputElement>("textbox", { name: "n" });
    type(input, "-");
    expect(input.value).toBe("-");
    expect(last(onJsonError)).toBe("n must be a number");
    type(input, "-5");
    expect(last(onValue)).toEqual({ n: -5 });
    expect(last(onJsonError)).toBeNull();
    type(input, "1.5");
    expect(input.value).toBe("1.5");
    expect(within(screen.getByTestId("schema-field-/n")).getByRole("alert").textContent).toBe("must be a whole number");
    expect(last(onValue)).toEqual({});
  });
});

describe("recursive schemas, extra keys and values that do not fit", () => {
  const tree: JsonSchemaObject = {
    type: "object",
    $defs: {
      Node: { type: "object", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } } },
    },
    properties: { root: { $ref: "#/$defs/Node" } },
  };

  it("expands a recursive tree only as deep as the user goes", () => {
    const onValue = vi.fn();
    render(<Harness schema={tree} initial={{}} onValue={onValue} />);
    fireEvent.click(screen.getByRole("button", { name: "Add root" }));
    let node = screen.getByTestId("schema-field-/root");
    for (let depth = 1; depth <= 4; depth += 1) {
      // The node's own "children" list comes before any deeper one in document order.
      const children = within(node).getAllByRole("group", { name: "children" })[0] as HTMLElement;
      fireEvent.click(within(children).getByRole("button", { name: "Add item" }));
      node = screen.getByTestId(`schema-field-/root${"/children/0".repeat(depth)}`);
      expect(node.getAttribute("aria-labelledby")).toBeTruthy();
      type(within(node).getAllByRole("textbox", { name: "label" })[0] as HTMLElement, `level ${depth}`);
    }
    expect(last(onValue)).toEqual({
      root: {
        children: [
          { label: "level 1", children: [{ label: "level 2", children: [{ label: "level 3", children: [{ label: "level 4" }] }] }] },
        ],
      },
    });
  });

  it("keeps and edits keys the schema does not declare", () => {
    const onValue = vi.fn();
    const schema: JsonSchemaObject = { type: "object", properties: {}, additionalProperties: { type: "string" } };
    render(<Harness schema={schema} initial={{ region: "eu" }} onValue={onValue} />);
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "region" }).value).toBe("eu");
    type(screen.getByRole("textbox", { name: "New property name" }), "zone");
    fireEvent.click(screen.getByRole("button", { name: "Add property" }));
    type(screen.getByRole("textbox", { name: "zone" }), "a");
    expect(last(onValue)).toEqual({ region: "eu", zone: "a" });
    fireEvent.click(screen.getByRole("button", { name: "Remove region" }));
    expect(last(onValue)).toEqual({ zone: "a" });
  });

  it("shows a value of the wrong type as JSON instead of dropping it", () => {
    const onValue = vi.fn();
    const schema: JsonSchemaObject = { type: "object", properties: { count: { type: "number" } } };
    render(<Harness schema={schema} initial={{ count: "seven" }} onValue={onValue} />);
    const area = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "count" });
    expect(area.value).toBe('"seven"');
    type(area, "7");
    expect(last(onValue)).toEqual({ count: 7 });
  });
});
