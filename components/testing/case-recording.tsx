import type { TestCase } from "@/lib/contracts/testing";
import { formatDuration } from "@/lib/format";
import { JsonView } from "@/components/elements/json-view";
import { StatusBadge } from "@/components/elements/status-badge";

/** Bytes of one recorded value shown before "Show all". */
const VALUE_LIMIT = 8192;

/** What a case replays and what came back when it was recorded: its inputs in order, the answer at each pause, the outcome. */
export function CaseRecording({ testCase: c }: { testCase: TestCase }) {
  const o = c.recorded;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <section className="flex min-w-0 flex-col gap-2" data-testid="case-inputs">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Inputs ({c.steps.length})</h3>
        <ol className="flex flex-col gap-2">
          {c.steps.map((s, i) => (
            <li key={i} className="flex min-w-0 flex-col gap-1 rounded-md border p-2">
              <span className="text-xs font-medium">
                {i + 1}. {s.label ?? s.kind}
              </span>
              <JsonView value={s.input} limitBytes={VALUE_LIMIT} className="text-xs" />
            </li>
          ))}
        </ol>
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Pauses and the answers given ({c.answers.length})</h3>
        {c.answers.length === 0 ? (
          <p className="text-xs text-muted-foreground">It did not pause: a replay that pauses fails.</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="case-answers">
            {c.answers.map((a, i) => (
              <li key={i} className="flex min-w-0 flex-col gap-1 rounded-md border p-2 text-xs">
                <span className="font-medium">
                  {i + 1}. {a.kind}
                  {a.key ? ` · ${a.key}` : ""}
                </span>
                <span className="text-muted-foreground">Asked</span>
                <JsonView value={a.request} limitBytes={VALUE_LIMIT} />
                <span className="text-muted-foreground">Answered</span>
                <JsonView value={a.answer} limitBytes={VALUE_LIMIT} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="flex min-w-0 flex-col gap-2" data-testid="case-outcome">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Recorded outcome</h3>
        <p className="flex flex-wrap items-center gap-2 text-xs">
          <StatusBadge tone={o.isError ? "failed" : "ok"}>{o.isError ? "isError" : "ok"}</StatusBadge>
          <span className="text-muted-foreground">{formatDuration(o.latencyMs)}</span>
          {o.toolCalls.length > 0 && <span className="text-muted-foreground">{o.toolCalls.length} tool calls</span>}
          {o.error && <span className="text-destructive">{o.error}</span>}
        </p>
        {o.finalResponse !== null && (
          <blockquote className="rounded-md border-l-2 bg-muted/30 px-2 py-1 text-sm whitespace-pre-wrap" data-testid="final-response">
            {o.finalResponse}
          </blockquote>
        )}
        {o.toolCalls.length > 0 && <JsonView value={o.toolCalls} limitBytes={VALUE_LIMIT} className="text-xs" />}
        <JsonView value={o.result ?? null} limitBytes={VALUE_LIMIT} className="text-xs" data-testid="recorded-result" />
      </section>
    </div>
  );
}
