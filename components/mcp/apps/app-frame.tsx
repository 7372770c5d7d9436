"use client";

import { useEffect, useMemo, useState } from "react";
import { Maximize2Icon, Minimize2Icon } from "lucide-react";
import { buildAllowAttribute, type McpUiMessageRequest } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Button } from "@/components/ui/button";
import { sandboxUrl, type AppResource } from "@/lib/apps/app-resource";
import type { Tool } from "@/lib/queries/tools";
import { cn } from "@/lib/cn";
import { AppConsentDialog, useAppConsent } from "@/components/mcp/apps/app-confirm";
import { AppMessageLog, AppUserMessages } from "@/components/mcp/apps/app-message-log";
import type { LoggedAppMessage } from "@/components/mcp/apps/app-recorder";
import { useAppHost, type AppDisplayMode, type AppHostCallbacks, type AppOutcome } from "@/components/mcp/apps/use-app-host";
import { INLINE_MAX_HEIGHT, useHostContext, useWidth } from "@/components/mcp/apps/use-host-context";

export interface AppFrameProps {
  connectionId: string;
  tool: Tool;
  tools: Tool[];
  resourceUri: string;
  resource: AppResource;
  /** The apps listener's origin (never Loupe's). */
  sandboxOrigin: string;
  appSessionId: string;
  input: Record<string, unknown> | null;
  outcome: AppOutcome | null;
}

type FrameState = "starting" | "loading" | "ready";
const STATE_LABEL: Record<FrameState, string> = { starting: "Starting the bridge…", loading: "Loading the app…", ready: "Running" };
const TOOLBAR_PX = 44;

/** One MCP app instance: the sandbox frame on the second origin, its consent dialogs and its messages. */
export function AppFrame(p: AppFrameProps) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [height, setHeight] = useState(160);
  const [mode, setMode] = useState<AppDisplayMode>("inline");
  const [log, setLog] = useState<LoggedAppMessage[]>([]);
  const [said, setSaid] = useState<McpUiMessageRequest["params"][]>([]);
  const [error, setError] = useState<string | null>(null);
  const [viewport, setViewport] = useState(0);
  const consent = useAppConsent();
  const width = useWidth(box);
  const hostContext = useHostContext(p.tool, mode, width, Math.max(0, viewport - TOOLBAR_PX));
  const { ask } = consent;
  // Tools the user allowed for the life of this app instance (a new call mounts a new one).
  const [allowed] = useState(() => new Set<string>());

  useEffect(() => {
    const read = () => setViewport(window.innerHeight);
    read();
    window.addEventListener("resize", read);
    return () => window.removeEventListener("resize", read);
  }, []);
  useEffect(() => {
    if (mode !== "fullscreen") return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMode("inline");
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mode]);

  const callbacks = useMemo<AppHostCallbacks>(
    () => ({
      confirmCall: async (tool, args) => {
        if (allowed.has(tool.name)) return true;
        const answer = await ask({ kind: "call", tool: tool.name, args });
        if (answer === "session") allowed.add(tool.name);
        return answer !== false;
      },
      confirmLink: async (url) => (await ask({ kind: "link", url })) !== false,
      onUserMessage: (m) => setSaid((s) => [...s, m]),
      onSize: ({ height: h }) => h !== undefined && setHeight(Math.min(INLINE_MAX_HEIGHT, Math.max(40, Math.ceil(h)))),
      onDisplayMode: setMode,
      onLog: (m) => setLog((l) => [...l.slice(-999), m]),
      onError: setError,
    }),
    [ask, allowed],
  );
  const { connected, ready } = useAppHost({ ...p, frame, hostContext, callbacks });
  const state: FrameState = ready ? "ready" : connected ? "loading" : "starting";
  // Set only once the bridge listens: the proxy's first message must not be missed.
  const src = connected ? sandboxUrl(p.sandboxOrigin, window.location.origin, p.resource.csp) : undefined;
  const full = mode === "fullscreen";

  return (
    <div
      className={cn("flex min-w-0 flex-col gap-2", full && "fixed inset-0 z-40 bg-background p-2")}
      data-testid="app-frame"
      data-state={state}
      data-display-mode={mode}
    >
      {/* Wraps rather than truncates: at 800 px the URI was cut to "ui://loupe-…", naming nothing. */}
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="min-w-0 font-mono break-all" title={p.resourceUri} data-testid="app-resource-uri">
          {p.resourceUri}
        </span>
        <span className="shrink-0" data-testid="app-state">
          · {STATE_LABEL[state]}
        </span>
        <Button
          size="xs"
          variant="outline"
          className="ml-auto"
          onClick={() => setMode(full ? "inline" : "fullscreen")}
          data-testid="app-display-mode"
        >
          {full ? <Minimize2Icon /> : <Maximize2Icon />} {full ? "Exit full screen" : "Full screen"}
        </Button>
      </div>
      <div
        ref={setBox}
        className={cn("min-w-0 overflow-hidden rounded-md", p.resource.prefersBorder !== false && "border", full && "flex-1")}
      >
        <iframe
          ref={setFrame}
          src={src}
          title={`MCP app of ${p.tool.name}`}
          // The proxy needs its own (second) origin to hold and feed the View's frame; the View
          // itself runs with an opaque origin inside it (lib/server/mcp/apps/sandbox-page.ts).
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow={buildAllowAttribute(p.resource.permissions) || undefined}
          className="block w-full border-0 bg-transparent"
          style={{ height: full ? "100%" : height }}
          data-testid="app-iframe"
        />
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive" data-testid="app-error">
          {error}
        </p>
      )}
      {!full && <AppUserMessages messages={said} />}
      {!full && <AppMessageLog log={log} />}
      <AppConsentDialog ask={consent.current} onAnswer={consent.answer} />
    </div>
  );
}
