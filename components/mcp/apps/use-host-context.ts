"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { McpUiHostContext, McpUiStyles } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { Tool } from "@/lib/queries/tools";
import type { AppDisplayMode } from "@/components/mcp/apps/use-app-host";

function subscribeTheme(onChange: () => void) {
  const o = new MutationObserver(onChange);
  o.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => o.disconnect();
}
const isDarkNow = () => document.documentElement.classList.contains("dark");

/** Loupe's own colour tokens, resolved, as the spec's style variables (theme changes resend them). */
function styleVariables(): Partial<McpUiStyles> {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim() || undefined;
  return {
    "--color-background-primary": v("--background"),
    "--color-background-secondary": v("--muted"),
    "--color-text-primary": v("--foreground"),
    "--color-text-secondary": v("--muted-foreground"),
    "--color-border-primary": v("--border"),
    "--color-ring-primary": v("--ring"),
    "--font-sans": getComputedStyle(document.body).fontFamily || undefined,
    "--border-radius-md": v("--radius"),
  };
}

/** The element's width, followed. */
export function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e?.contentRect.width ?? 0)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return width;
}

/**
 * The host context of `ui/initialize` and of later `host-context-changed` notifications: theme
 * (Loupe's light / dark), display mode, container size (fixed width; height up to a cap inline,
 * fixed in full screen), locale, time zone and the tool the View belongs to.
 */
export function useHostContext(tool: Tool, mode: AppDisplayMode, width: number, fullHeight: number): McpUiHostContext {
  const dark = useSyncExternalStore(subscribeTheme, isDarkNow, () => false);
  return useMemo(() => {
    // The View gets the MCP Tool as listed, without Loupe's own notes.
    const { loupe: _notes, ...listed } = tool;
    return {
      theme: dark ? "dark" : "light",
      styles: { variables: styleVariables() as McpUiStyles },
      displayMode: mode,
      availableDisplayModes: ["inline", "fullscreen"],
      containerDimensions: mode === "fullscreen" ? { width, height: fullHeight } : { width, maxHeight: INLINE_MAX_HEIGHT },
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: "web",
      userAgent: "Loupe",
      toolInfo: { tool: listed as NonNullable<McpUiHostContext["toolInfo"]>["tool"] },
    };
  }, [dark, mode, width, fullHeight, tool]);
}

/** Inline, the View grows with its content up to this height (then it scrolls inside). */
export const INLINE_MAX_HEIGHT = 1200;
