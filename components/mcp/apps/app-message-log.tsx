"use client";

import type { McpUiMessageRequest } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { AppMessageDirection } from "@/lib/contracts/app-messages";
import type { LoggedAppMessage } from "@/components/mcp/apps/app-recorder";
import { cn } from "@/lib/cn";

export const DIRECTION_LABEL: Record<AppMessageDirection, string> = {
  app_to_host: "app → Loupe",
  host_to_app: "Loupe → app",
};

/** What the narrow direction column shows; the full label is on hover. */
const DIRECTION_SHORT: Record<AppMessageDirection, string> = {
  app_to_host: "← app",
  host_to_app: "→ app",
};

/** A method name that may break only after its '/' separators, never inside a word (a part too long for the line is cut with an ellipsis; the whole name is on hover). */
function SlashBreaking({ text }: { text: string }) {
  const parts = text.split("/");
  // Each part stays whole (no break at its hyphens either: "sandbox-resource- ready" read as two words).
  return parts.flatMap((part, i) => {
    const whole = (
      <span key={`p${i}`} className="whitespace-nowrap">
        {i < parts.length - 1 ? `${part}/` : part}
      </span>
    );
    return i < parts.length - 1 ? [whole, <wbr key={`w${i}`} />] : [whole];
  });
}

/** A JSON-RPC message in a few words: its method, or which request it answers. */
export function appMessageSummary(message: unknown): string {
  const m = (message ?? {}) as { method?: unknown; id?: unknown; error?: { message?: unknown } };
  if (typeof m.method === "string") return m.id !== undefined ? `${m.method} #${String(m.id)}` : m.method;
  if (m.error) return `error #${String(m.id)}: ${String(m.error.message ?? "")}`;
  return `result #${String(m.id)}`;
}

/** What the app said to the user with `ui/message` (text blocks shown; others named). */
export function AppUserMessages({ messages }: { messages: McpUiMessageRequest["params"][] }) {
  if (!messages.length) return null;
  return (
    <section className="flex flex-col gap-1" data-testid="app-user-messages">
      <h4 className="text-xs font-medium text-muted-foreground">Messages from the app (ui/message)</h4>
      <ul className="flex flex-col gap-1">
        {messages.map((m, i) => (
          <li key={i} className="rounded-md border bg-muted/40 px-2 py-1 text-sm whitespace-pre-wrap" data-testid="app-user-message">
            {m.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n")}
          </li>
        ))}
      </ul>
    </section>
  );
}

const SHOWN = 300;

/** The app↔Loupe messages of this app instance, newest last (the traffic view has them all). */
export function AppMessageLog({ log }: { log: LoggedAppMessage[] }) {
  const shown = log.slice(-SHOWN);
  return (
    <details className="rounded-md border text-xs" data-testid="app-message-log" open>
      <summary className="cursor-pointer px-2 py-1 font-medium text-muted-foreground">
        App messages ({log.length}){log.length > SHOWN ? `, last ${SHOWN} shown` : ""}
      </summary>
      <ol className="max-h-56 overflow-y-auto px-2 pb-2 font-mono">
        {shown.map((m) => (
          <li key={m.n} data-testid="app-message" data-direction={m.direction} className="flex min-w-0 gap-2 py-0.5">
            <span
              data-testid="app-message-direction"
              title={DIRECTION_LABEL[m.direction]}
              className={cn(
                "w-12 shrink-0 whitespace-nowrap",
                m.direction === "app_to_host" ? "text-sky-700 dark:text-sky-300" : "text-emerald-700 dark:text-emerald-300",
              )}
            >
              {DIRECTION_SHORT[m.direction]}
            </span>
            <span data-testid="app-message-summary" className="min-w-0 overflow-hidden text-ellipsis" title={appMessageSummary(m.message)}>
              <SlashBreaking text={appMessageSummary(m.message)} />
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
