import type { ModelEvalRun } from "@/lib/contracts/testing";
import { formatDateTime, formatDuration } from "@/lib/format";
import { accuracyText, runEndText } from "@/lib/workbench/model-evals";
import { EvalPromptResults } from "./eval-prompt-results";

export interface EvalRunResultsProps {
  run: ModelEvalRun;
  /** The eval's prompts by index (a result names its prompt by index). */
  prompts: readonly string[];
  onOpenConversation: (conversationId: string) => void;
}

const cell = "border-b px-2 py-1.5 text-left";

/** One run: accuracy per model (prompts whose expected calls were all made), per tool and model, and each prompt's calls. */
export function EvalRunResults({ run, prompts, onOpenConversation }: EvalRunResultsProps) {
  const ended = runEndText(run, prompts.length);
  return (
    <section className="flex flex-col gap-3" data-testid="model-eval-results" data-run-id={run.id} data-state={run.status ?? "completed"}>
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">
        Run of {formatDateTime(run.startedAt)} · {formatDuration(run.endedAt - run.startedAt)}
        {ended && (
          <span className="ml-2 text-amber-700 normal-case dark:text-amber-400" data-testid="model-eval-run-end">
            {ended}
          </span>
        )}
      </h3>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm" data-testid="accuracy-per-model">
          <caption className="sr-only">Accuracy per model</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className={cell}>Model</th>
              <th className={cell}>Prompts passed</th>
              {run.tools.map((t) => (
                <th key={t.tool} className={`${cell} font-mono`} title={`Expected calls of ${t.tool} made`}>
                  {t.tool}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {run.models.map((m) => (
              <tr key={m.model} data-testid="model-accuracy" data-model={m.model}>
                <th scope="row" className={`${cell} font-medium`}>
                  {m.model}
                </th>
                <td className={cell} data-testid="model-accuracy-value">
                  <AccuracyBar accuracy={m.accuracy} />
                  {accuracyText(m)}
                </td>
                {run.tools.map((t) => {
                  const a = t.models.find((x) => x.model === m.model);
                  return (
                    <td key={t.tool} className={cell} data-testid="tool-accuracy" data-tool={t.tool}>
                      {a ? accuracyText(a) : "—"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EvalPromptResults results={run.results} prompts={prompts} onOpenConversation={onOpenConversation} />
    </section>
  );
}

function AccuracyBar({ accuracy }: { accuracy: number }) {
  return (
    <span className="mr-2 inline-block h-1.5 w-16 overflow-hidden rounded-full bg-muted align-middle" aria-hidden>
      <span className="block h-full bg-primary" style={{ width: `${Math.round(accuracy * 100)}%` }} />
    </span>
  );
}
