import * as React from "react";
import { hasHiddenChars, revealHidden, segmentHidden } from "@/lib/text/hidden-chars";
import { cn } from "@/lib/cn";

export interface SafeTextProps extends Omit<React.ComponentProps<"span">, "children"> {
  /** A name that came from a server or an agent (tool, server, prompt, resource, agent, app). */
  text: string;
}

/**
 * A server- or agent-supplied name with its bidi overrides, isolates and invisible controls shown
 * as "⟨U+202E⟩" markers in a warning colour, so a tool cannot pass for another. The name is also
 * isolated (`unicode-bidi: isolate`) so right-to-left letters in it never reorder the text around it.
 */
function SafeText({ text, className, title, ...props }: SafeTextProps) {
  if (!hasHiddenChars(text)) {
    return (
      <span data-slot="safe-text" className={cn("[unicode-bidi:isolate]", className)} title={title} {...props}>
        {text}
      </span>
    );
  }
  return (
    <span
      data-slot="safe-text"
      data-hidden-chars="true"
      className={cn("[unicode-bidi:isolate]", className)}
      title={title ?? `Contains hidden characters: ${revealHidden(text)}`}
      {...props}
    >
      {segmentHidden(text).map((s, i) =>
        s.kind === "text" ? (
          <React.Fragment key={i}>{s.text}</React.Fragment>
        ) : (
          <mark
            key={i}
            data-testid="hidden-char"
            data-code={s.code}
            title={`${s.code} ${s.name}`}
            className={cn(
              "mx-px rounded-sm px-0.5 font-mono text-[0.85em] not-italic",
              s.bidi
                ? "bg-red-500/15 text-red-700 ring-1 ring-red-500/40 dark:text-red-300"
                : "bg-amber-500/15 text-amber-800 ring-1 ring-amber-500/40 dark:text-amber-200",
            )}
          >
            ⟨{s.code}⟩
          </mark>
        ),
      )}
    </span>
  );
}

export { SafeText };
