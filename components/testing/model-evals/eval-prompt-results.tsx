import type { ModelEvalResult } from "@/lib/contracts/testing";
import { Button } from "@/components/ui/button";
import { StatusBadge } from "@/components/elements/status-badge";

export interface EvalPromptResultsProps {
  results: readonly ModelEvalResult[];
  prompts: readonly string[];
  onOpenConversation: (conversationId: string) => void;
}

const json = (v: unknown) => JSON.stringify(v);

/** Per prompt, per model: passed or not, the calls it made, the expected ones it missed, and why it could not run (raw). */
export function EvalPromptResults({ results, prompts, onOpenConversation }: EvalPromptResultsProps) {
  const indexes = [...new Set(results.map((r) => r.promptIndex))].sort((a, b) => a - b);
  return (
    <ol className="flex flex-col gap-2" data-testid="prompt-results">
      {indexes.map((i) => (
        <li key={i} className="rounded-md border p-2">
          <p className="mb-1 text-sm">
            <span className="mr-1 text-xs text-muted-foreground">#{i + 1}</span>
            {prompts[i] ?? "(a prompt since removed from the eval)"}
          </p>
          <ul className="flex flex-col gap-1">
            {results
              .filter((r) => r.promptIndex === i)
              .map((r) => (
                <li key={r.model} className="flex flex-col gap-0.5 text-xs" data-testid="prompt-result" data-pass={r.pass}>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge tone={r.pass ? "ok" : "failed"}>{r.pass ? "pass" : "fail"}</StatusBadge>
                    <span className="font-medium">{r.model}</span>
                    {r.conversationId && <OpenConversation id={r.conversationId} onOpen={onOpenConversation} />}
                  </div>
                  <p className="pl-2 break-all text-muted-foreground">
                    Called:{" "}
                    {r.called.length === 0 ? (
                      "no tool"
                    ) : (
                      <span className="font-mono text-foreground">{r.called.map((c) => `${c.tool} ${json(c.args)}`).join(" · ")}</span>
                    )}
                  </p>
                  {r.missing.length > 0 && (
                    <p className="pl-2 break-all text-muted-foreground" data-testid="prompt-missing">
                      Missing:{" "}
                      <span className="font-mono text-foreground">
                        {r.missing.map((m) => `${m.tool}${m.args ? ` ${json(m.args)}` : ""}`).join(" · ")}
                      </span>
                    </p>
                  )}
                  {r.error && (
                    <p className="pl-2 break-words text-destructive" data-testid="prompt-error">
                      {r.error}
                    </p>
                  )}
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The prompt's playground conversation: every request, response and tool call of that model. */
function OpenConversation({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  return (
    <Button size="xs" variant="link" onClick={() => onOpen(id)} data-testid="open-eval-conversation">
      Open in the playground
    </Button>
  );
}
