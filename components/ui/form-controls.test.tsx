// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { Checkbox } from "./checkbox";
import { Switch } from "./switch";

afterEach(cleanup);

/**
 * In a form, Radix renders a hidden native input beside the control, absolutely positioned. With no
 * positioned ancestor its containing block was the page: it escaped every scrolling pane and made
 * the whole page scroll at 1024×768 (the tool page's "Run as task" checkbox, 44 px).
 */
describe("checkbox and switch in a form", () => {
  for (const [name, control] of [
    ["Checkbox", <Checkbox key="c" aria-label="c" />],
    ["Switch", <Switch key="s" aria-label="s" />],
  ] as const) {
    it(`${name}: its hidden input is positioned within the control's own frame`, () => {
      const { container } = render(<form>{control}</form>);
      const hidden = container.querySelector('input[aria-hidden="true"]');
      expect(hidden, "Radix's bubble input").not.toBeNull();
      expect((hidden as HTMLElement).style.position).toBe("absolute");
      expect(hidden!.parentElement!.className.split(" ")).toContain("relative");
    });
  }
});
