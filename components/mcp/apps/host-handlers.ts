"use client";

import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { McpUiHostContext, McpUiMessageRequest } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { needsApproval, toolVisibility } from "@/lib/apps/tool-ui";
import { callApi } from "@/lib/queries/calls";
import { resourceApi } from "@/lib/queries/resources";
import type { Tool } from "@/lib/queries/tools";
import type { LoggedAppMessage } from "@/components/mcp/apps/app-recorder";
import type { AppResource } from "@/lib/apps/app-resource";

type AppSandbox = Pick<AppResource, "csp" | "permissions">;

export type AppDisplayMode = "inline" | "fullscreen";

export interface AppHostCallbacks {
  /** The user's yes or no to an app's tools/call of a tool that is not read-only. */
  confirmCall(tool: Tool, args: Record<string, unknown>): Promise<boolean>;
  /** The user's yes or no to `ui/open-link`. */
  confirmLink(url: string): Promise<boolean>;
  onUserMessage(params: McpUiMessageRequest["params"]): void;
  onSize(size: { width?: number; height?: number }): void;
  onDisplayMode(mode: AppDisplayMode): void;
  onLog(m: LoggedAppMessage): void;
  onError(message: string): void;
}

const httpUrl = (u: string) => /^https?:\/\//i.test(u);

/**
 * What Loupe does for a View's requests (SEP-1865): tools/call through Loupe's API (so it is a
 * recorded call) for tools visible to apps, after the user's yes unless read-only; resources/read;
 * open-link after a confirm; ui/message shown; display mode inline / full screen.
 */
export function installHostHandlers(
  bridge: AppBridge,
  o: { connectionId: string; tools: () => Tool[]; callbacks: () => AppHostCallbacks },
): void {
  bridge.oncalltool = async ({ name, arguments: args = {} }) => {
    const tool = o.tools().find((t) => t.name === name);
    if (!tool) throw new Error(`The server lists no tool named ${name}`);
    if (!toolVisibility(tool).includes("app")) throw new Error(`The tool ${name} is not visible to apps (_meta.ui.visibility)`);
    if (needsApproval(tool) && !(await o.callbacks().confirmCall(tool, args))) throw new Error(`The user declined the call to ${name}`);
    const call = await callApi.run(o.connectionId, { name, arguments: args });
    if (call.status === "ok" || call.status === "tool_error") return call.result as CallToolResult;
    throw new Error(call.error?.message ?? `The call to ${name} ended: ${call.status}`);
  };
  bridge.onreadresource = async ({ uri }) => (await resourceApi.read(o.connectionId, uri)).result;
  bridge.onopenlink = async ({ url }) => {
    const ok = httpUrl(url) && (await o.callbacks().confirmLink(url));
    if (ok) window.open(url, "_blank", "noopener,noreferrer");
    return ok ? {} : { isError: true };
  };
  bridge.onmessage = async (params) => {
    o.callbacks().onUserMessage(params);
    return {};
  };
  bridge.onupdatemodelcontext = async () => ({});
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const next: AppDisplayMode = mode === "fullscreen" ? "fullscreen" : "inline";
    o.callbacks().onDisplayMode(next);
    return { mode: next };
  };
}

/**
 * The host's bridge for one View: no MCP client of its own (calls go through Loupe's routes, see
 * installHostHandlers), the host capabilities Loupe offers, and the sandbox's CSP and permissions.
 */
export function createHostBridge(
  hostInfo: { name: string; version: string },
  sandbox: AppSandbox,
  hostContext: McpUiHostContext,
): AppBridge {
  return new AppBridge(
    null,
    hostInfo,
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox,
    },
    { hostContext },
  );
}
