import type { ReactNode } from "react";

/**
 * A form control's own positioned frame. In a form, Radix adds a hidden absolute input beside its
 * checkbox or switch: with no positioned ancestor it escaped the scrolling pane it sat in and made
 * the whole page scroll (form-controls.test.tsx).
 */
export function ControlFrame({ children }: { children: ReactNode }) {
  return (
    <span data-slot="control-frame" className="relative inline-flex shrink-0">
      {children}
    </span>
  );
}
