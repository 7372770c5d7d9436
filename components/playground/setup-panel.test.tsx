// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Conversation, ProviderStatus } from "@/lib/contracts/playground";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { SetupPanel } from "@/components/playground/setup-panel";
import { ProviderKeyDialog } from "@/components/playground/provider-key-dialog";
import { column } from "@/components/playground/test-entries";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const providers: ProviderStatus[] = [
  { provider: "scripted", label: "Scripted", keySource: "not_needed", suggestedModels: ["scripted"] },
  {
    provider: "openai",
    label: "OpenAI",
    keySource: "env",
    envVar: "OPENAI_API_KEY",
    keyHint: "abcd",
    suggestedModels: ["gpt-5-mini", "gpt-4.1"],
  },
  { provider: "anthropic", label: "Anthropic", keySource: "none", suggestedModels: ["claude-sonnet-4-5"] },
];

const conversation: Conversation = {
  id: "conv-1",
  title: "Trip",
  createdAt: 1,
  updatedAt: 1,
  systemPrompt: "",
  servers: [
    { connectionId: "demo", tools: "all" },
    { connectionId: "other", tools: "all" },
  ],
  policy: "unless_read_only",
  toolPolicies: {},
  columns: [column({ config: { provider: "openai", model: "gpt-5-mini", strict: false, maxSteps: 20 } })],
};

const tool = (name: string, readOnlyHint: boolean) => ({
  name,
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
  annotations: { readOnlyHint },
});

function renderPanel() {
  const router = fetchRouter({
    "GET /api/connections/demo/tools": () => ({
      tools: [tool("get-forecast", true), tool("book-hotel", false), tool("search", true)],
      pages: 1,
      listedAt: 1,
    }),
    "GET /api/connections/other/tools": () => ({ tools: [tool("search", true)], pages: 1, listedAt: 1 }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const onPatch = vi.fn();
  const onColumnChange = vi.fn();
  const onOpenKeys = vi.fn();
  const connections = [connectionFixture({ id: "demo", name: "demo" }), connectionFixture({ id: "other", name: "other" })];
  renderWithClient(
    <SetupPanel
      conversation={conversation}
      connections={connections}
      providers={providers}
      lastRequests={{}}
      onPatch={onPatch}
      onColumnChange={onColumnChange}
      onOpenKeys={onOpenKeys}
    />,
  );
  return { onPatch, onColumnChange, onOpenKeys };
}

describe("SetupPanel", () => {
  it("says where the column's key comes from, offers the provider's models, and changes provider, model and strict mode", () => {
    const { onColumnChange, onOpenKeys } = renderPanel();
    expect(screen.getByTestId("pg-key-status").textContent).toBe("Key: from OPENAI_API_KEY …abcd");
    const model = screen.getByTestId<HTMLInputElement>("pg-model");
    const options = [...document.querySelectorAll(`datalist#${CSS.escape(model.getAttribute("list") ?? "")} option`)].map((o) =>
      o.getAttribute("value"),
    );
    expect(options).toEqual(["gpt-5-mini", "gpt-4.1"]);
    fireEvent.change(model, { target: { value: "my-finetune" } });
    fireEvent.blur(model);
    expect(onColumnChange).toHaveBeenLastCalledWith("col-1", expect.objectContaining({ provider: "openai", model: "my-finetune" }));
    fireEvent.click(screen.getByTestId("pg-strict"));
    expect(onColumnChange).toHaveBeenLastCalledWith("col-1", expect.objectContaining({ strict: true }));
    fireEvent.change(screen.getByTestId("pg-provider"), { target: { value: "anthropic" } });
    expect(onColumnChange).toHaveBeenLastCalledWith(
      "col-1",
      expect.objectContaining({ provider: "anthropic", model: "claude-sonnet-4-5", strict: false }),
    );
    fireEvent.click(screen.getByTestId("pg-key-settings"));
    expect(onOpenKeys).toHaveBeenCalledWith("openai");
  });

  it("gives the model tools from a searchable tree, with a per-tool approval override", async () => {
    const { onPatch } = renderPanel();
    fireEvent.change(screen.getByTestId("pg-tool-search"), { target: { value: "hotel" } });
    const row = await screen.findByRole("checkbox", { name: "Give the model book-hotel" });
    expect(screen.queryByRole("checkbox", { name: "Give the model get-forecast" })).toBeNull();
    fireEvent.click(row);
    expect(onPatch).toHaveBeenLastCalledWith({
      servers: [
        { connectionId: "demo", tools: ["get-forecast", "search"] },
        { connectionId: "other", tools: "all" },
      ],
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Approval for book-hotel" }), { target: { value: "always" } });
    expect(onPatch).toHaveBeenLastCalledWith({ toolPolicies: { "demo/book-hotel": "always" } });
    fireEvent.change(screen.getByTestId("pg-policy"), { target: { value: "never" } });
    expect(onPatch).toHaveBeenLastCalledWith({ policy: "never" });
    fireEvent.change(screen.getByTestId("pg-system-prompt"), { target: { value: "Be brief." } });
    fireEvent.blur(screen.getByTestId("pg-system-prompt"));
    expect(onPatch).toHaveBeenLastCalledWith({ systemPrompt: "Be brief." });
  });

  it("shows what the provider receives: names namespaced where two servers collide, findings one click away", async () => {
    renderPanel();
    const preview = screen.getByTestId("pg-provider-receives");
    await waitFor(() => expect(within(preview).getAllByTestId("pg-declared-tool")).toHaveLength(4));
    expect(
      within(preview)
        .getAllByTestId("pg-declared-tool")
        .map((d) => d.dataset.name),
    ).toEqual(["get-forecast", "book-hotel", "demo__search", "other__search"]);
    const searchRow = within(preview).getAllByTestId("pg-declared-tool")[2]!;
    fireEvent.click(within(searchRow).getByTestId("pg-declared-findings"));
    expect(within(searchRow).getByTestId("portability-findings")).toBeTruthy();
  });
});

describe("ProviderKeyDialog", () => {
  it("takes a key in a password field, never shows the stored one, and can forget a stored key", async () => {
    const router = fetchRouter({
      "PUT /api/playground/providers/openai": () => ({ ...providers[1], keySource: "settings", keyHint: "wxyz" }),
      "DELETE /api/playground/providers/openai": () => new Response(null, { status: 204 }),
      "GET /api/playground/providers": () => providers,
    });
    vi.stubGlobal("fetch", router.fetch);
    const onClose = vi.fn();
    renderWithClient(<ProviderKeyDialog status={{ ...providers[1]!, keySource: "settings", keyHint: "abcd" }} onClose={onClose} />);
    const input = screen.getByTestId<HTMLInputElement>("pg-key-input");
    expect(input.type).toBe("password");
    expect(input.value).toBe("");
    expect(screen.getByTestId("pg-key-dialog-status").textContent).toBe("set in Loupe …abcd");
    fireEvent.change(input, { target: { value: "sk-new-key-wxyz" } });
    fireEvent.click(screen.getByTestId("pg-key-save"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.requests.find((r) => r.method === "PUT")?.body).toEqual({ apiKey: "sk-new-key-wxyz" });
    fireEvent.click(screen.getByTestId("pg-key-forget"));
    await waitFor(() =>
      expect(router.requests.some((r) => r.method === "DELETE" && r.path === "/api/playground/providers/openai")).toBe(true),
    );
  });
});
