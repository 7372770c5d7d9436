// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionView } from "@/lib/contracts/connections";
import { ConnectionDialog } from "@/components/mcp/connections/connection-dialog";
import { connectionFixture } from "@/components/mcp/workbench/test-support";

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ConnectionDialog", () => {
  it("builds a stdio ConnectionInput with shell-split args and env rows", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onOpenChange = vi.fn();
    render(<ConnectionDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} pending={false} error={null} />);
    expect(screen.getByTestId("add-server-dialog")).toBeTruthy();
    type("Name", "fs");
    type("Command", "npx");
    type("Arguments", `-y @modelcontextprotocol/server-filesystem "/tmp/a b"`);
    fireEvent.click(screen.getByText("Add env"));
    type("env name 1", "DEBUG");
    type("env value 1", "1");
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "fs",
      transport: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp/a b"],
      env: { DEBUG: "1" },
      requestTimeoutMs: 60000,
    });
  });

  it("shows field errors and sends nothing while the draft is invalid", () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<ConnectionDialog open onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    fireEvent.click(screen.getByTestId("transport-http"));
    type("URL", "nope");
    fireEvent.click(screen.getByTestId("save-server"));
    expect(screen.getByTestId("field-error-url")).toBeTruthy();
    expect(screen.getByTestId("field-error-name")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("edits a remote server with its header value masked and kept", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { command: _c, args: _a, env: _e, ...base } = connectionFixture() as Extract<ConnectionView, { transport: "stdio" }>;
    const initial: ConnectionView = {
      ...base,
      transport: "http",
      url: "http://127.0.0.1:3001/mcp",
      headers: { Authorization: SECRET_MASK },
    };
    render(<ConnectionDialog open initial={initial} onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    expect(screen.getByLabelText<HTMLInputElement>("header value 1").value).toBe(SECRET_MASK);
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ transport: "http", headers: { Authorization: SECRET_MASK } }));
  });

  it("sets up OAuth 2.1 for a remote server and warns about a custom Authorization header", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<ConnectionDialog open onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    fireEvent.click(screen.getByTestId("transport-http"));
    type("Name", "remote");
    type("URL", "http://127.0.0.1:3001/mcp");
    expect(screen.queryByLabelText("Client ID (optional)")).toBeNull();
    fireEvent.click(screen.getByTestId("oauth-enabled"));
    type("Client ID (optional)", "my-client");
    type("Client secret (optional)", "s3cret");
    type("Scope (optional)", "mcp:read");
    expect(screen.getByLabelText<HTMLInputElement>("Client secret (optional)").type).toBe("password");
    expect(screen.queryByTestId("oauth-header-conflict")).toBeNull();
    fireEvent.click(screen.getByText("Add header"));
    type("header name 1", "Authorization");
    type("header value 1", "Bearer x");
    expect(screen.getByTestId("oauth-header-conflict").textContent).toMatch(/OAuth access token instead/);
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ oauth: { enabled: true, clientId: "my-client", clientSecret: "s3cret", scope: "mcp:read" } }),
    );
  });

  it("shows a stored client secret masked and sends the mask back to keep it", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { command: _c, args: _a, env: _e, ...base } = connectionFixture() as Extract<ConnectionView, { transport: "stdio" }>;
    const initial: ConnectionView = {
      ...base,
      transport: "http",
      url: "http://127.0.0.1:3001/mcp",
      headers: {},
      oauth: { enabled: true, clientId: "cid", clientSecret: SECRET_MASK },
    };
    render(<ConnectionDialog open initial={initial} onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    expect(screen.getByLabelText<HTMLInputElement>("Client secret (optional)").value).toBe(SECRET_MASK);
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ oauth: { enabled: true, clientId: "cid", clientSecret: SECRET_MASK } }),
    );
  });

  it("sets up client credentials with a private key JWT, and says what is missing", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<ConnectionDialog open onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    fireEvent.click(screen.getByTestId("transport-http"));
    type("Name", "machine");
    type("URL", "http://127.0.0.1:3001/mcp");
    fireEvent.click(screen.getByTestId("oauth-enabled"));
    fireEvent.change(screen.getByTestId("oauth-grant"), { target: { value: "client_credentials" } });
    expect(screen.queryByLabelText("Client metadata URL (optional)")).toBeNull();
    fireEvent.click(screen.getByTestId("save-server"));
    expect((await screen.findByTestId("field-error-oauthClientId")).textContent).toMatch(/client id the authorization server issued/);
    expect(screen.getByTestId("field-error-oauthClientSecret").textContent).toMatch(/need the secret/);
    type("Client ID", "svc");
    fireEvent.change(screen.getByTestId("oauth-client-auth"), { target: { value: "private_key_jwt" } });
    expect(screen.queryByLabelText("Client secret")).toBeNull();
    type("Private key (PEM)", "not a key");
    fireEvent.click(screen.getByTestId("save-server"));
    expect((await screen.findByTestId("field-error-oauthPrivateKey")).textContent).toMatch(/Not a PEM private key/);
    const pem = "-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----";
    type("Private key (PEM)", pem);
    type("Key ID (optional)", "k1");
    fireEvent.change(screen.getByTestId("oauth-signing-algorithm"), { target: { value: "ES256" } });
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        oauth: {
          enabled: true,
          grant: "client_credentials",
          clientId: "svc",
          clientAuth: "private_key_jwt",
          privateKey: pem,
          keyId: "k1",
          signingAlgorithm: "ES256",
        },
      }),
    );
  });

  it("never shows a stored private key: the field is empty, and an untouched one sends the mask back to keep it", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { command: _c, args: _a, env: _e, ...base } = connectionFixture() as Extract<ConnectionView, { transport: "stdio" }>;
    const oauth = {
      enabled: true,
      grant: "client_credentials",
      clientId: "svc",
      clientAuth: "private_key_jwt",
      privateKey: SECRET_MASK,
      signingAlgorithm: "ES256",
    } as const;
    const initial: ConnectionView = { ...base, transport: "http", url: "http://127.0.0.1:3001/mcp", headers: {}, oauth };
    render(<ConnectionDialog open initial={initial} onOpenChange={() => undefined} onSubmit={onSubmit} pending={false} error={null} />);
    const key = screen.getByLabelText<HTMLTextAreaElement>("Private key (PEM)");
    expect(key.value).toBe("");
    expect(key.placeholder).toContain("(stored)");
    fireEvent.click(screen.getByTestId("save-server"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ oauth }));
  });
});
