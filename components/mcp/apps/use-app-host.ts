"use client";

import { useEffect, useRef, useState } from "react";
import { PostMessageTransport, type AppBridge, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { AppResource } from "@/lib/apps/app-resource";
import type { CallOutcome } from "@/lib/apps/outcome";
import type { Tool } from "@/lib/queries/tools";
import { createAppRecorder, RecordingTransport } from "@/components/mcp/apps/app-recorder";
import { createHostBridge, installHostHandlers, type AppHostCallbacks } from "@/components/mcp/apps/host-handlers";
import { errorMessage } from "@/lib/values";

export type { AppDisplayMode, AppHostCallbacks } from "@/components/mcp/apps/host-handlers";

/** What the host has to tell the View about the tool call it belongs to. */
export type AppOutcome = CallOutcome;

export interface AppHostOptions {
  connectionId: string;
  tool: Tool;
  /** The server's tools: an app may call those visible to `"app"`. */
  tools: Tool[];
  resourceUri: string;
  resource: AppResource;
  /** One per app instance (a new one mounts a new View). */
  appSessionId: string;
  frame: HTMLIFrameElement | null;
  hostContext: McpUiHostContext;
  /** Sent as `ui/notifications/tool-input` once the View is initialized (exactly once). */
  input: Record<string, unknown> | null;
  outcome: AppOutcome | null;
  callbacks: AppHostCallbacks;
}

const HOST_INFO = { name: "Loupe", version: "0.1.0" };

/**
 * The host side of one MCP app (SEP-1865) through the SDK's AppBridge over the SDK's
 * PostMessageTransport to the sandbox proxy frame. `connected` turns true once the bridge listens:
 * only then may the frame load the proxy, whose first message is `sandbox-proxy-ready`.
 */
export function useAppHost(o: AppHostOptions): { connected: boolean; ready: boolean } {
  const [connected, setConnected] = useState(false);
  const [ready, setReady] = useState(false);
  const bridgeRef = useRef<AppBridge | null>(null);
  const sent = useRef({ input: false, outcome: false });
  const live = useRef(o);
  live.current = o;
  const { frame, appSessionId, connectionId, resourceUri } = o;

  useEffect(() => {
    const win = frame?.contentWindow;
    if (!win) return;
    const cb = () => live.current.callbacks;
    const recorder = createAppRecorder(
      connectionId,
      { appSessionId, tool: live.current.tool.name, resourceUri },
      (m) => cb().onLog(m),
      (e) => cb().onError(e),
    );
    const { html, csp, permissions } = live.current.resource;
    const bridge = createHostBridge(HOST_INFO, { csp, permissions }, live.current.hostContext);
    bridge.addEventListener("sandboxready", () => void bridge.sendSandboxResourceReady({ html, csp, permissions }));
    bridge.addEventListener("initialized", () => setReady(true));
    bridge.addEventListener("sizechange", (size) => cb().onSize(size));
    installHostHandlers(bridge, { connectionId, tools: () => live.current.tools, callbacks: cb });
    bridgeRef.current = bridge;
    sent.current = { input: false, outcome: false };
    const transport = new RecordingTransport(new PostMessageTransport(win, win), recorder.record);
    bridge.connect(transport).then(
      () => setConnected(true),
      (e: unknown) => cb().onError(`The app bridge did not start: ${errorMessage(e)}`),
    );
    return () => {
      bridgeRef.current = null;
      setConnected(false);
      setReady(false);
      // The View gets its teardown request; the frame goes at once (the spec's SHOULD-wait is
      // for hosts that keep the frame; this one is being unmounted by React).
      void bridge
        .teardownResource({}, { timeout: 1_000 })
        .catch(() => undefined)
        .finally(() => {
          recorder.flush();
          void bridge.close();
        });
    };
  }, [frame, appSessionId, connectionId, resourceUri]);

  useEffect(() => {
    if (ready) bridgeRef.current?.setHostContext(o.hostContext);
  }, [ready, o.hostContext]);

  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!ready || !bridge) return;
    if (o.input && !sent.current.input) {
      sent.current.input = true;
      void bridge.sendToolInput({ arguments: o.input });
    }
    if (o.outcome && sent.current.input && !sent.current.outcome) {
      sent.current.outcome = true;
      void (o.outcome.kind === "result"
        ? bridge.sendToolResult(o.outcome.result as CallToolResult)
        : bridge.sendToolCancelled({ reason: o.outcome.reason }));
    }
  }, [ready, o.input, o.outcome]);

  return { connected, ready };
}
