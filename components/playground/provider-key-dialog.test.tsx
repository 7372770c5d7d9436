// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ProviderStatus } from "@/lib/contracts/playground";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { ProviderKeyDialog } from "@/components/playground/provider-key-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS: ProviderStatus = { provider: "openai", label: "OpenAI", keySource: "none", suggestedModels: [] };

/** Opened like the setup panel opens it: by a plain button, not a DialogTrigger. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Key…
      </button>
      {open && <ProviderKeyDialog status={STATUS} onClose={() => setOpen(false)} />}
    </>
  );
}

describe("ProviderKeyDialog", () => {
  it("closing it gives keyboard focus back to the button that opened it", async () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    renderWithClient(<Opener />);
    const opener = screen.getByTestId("opener");
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByTestId("pg-key-dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("pg-key-dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
