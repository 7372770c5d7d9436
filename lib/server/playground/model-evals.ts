import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ColumnConfig } from "@/lib/contracts/playground";
import type { ModelEval, ModelEvalBody, ModelEvalResult, ModelEvalRun } from "@/lib/contracts/testing";
import { MAX_MODEL_EVAL_RUNS } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getPlayground } from "@/lib/server/playground";
import { createModel } from "@/lib/server/playground/providers";
import { getStore, storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { missingCalls, summarize } from "@/lib/suites/model-evals";
import { errorMessage } from "@/lib/values";
import { processWide } from "@/lib/server/process-wide";
import { modelLabel } from "@/lib/contracts/model-label";

/**
 * Model evals for MCP servers (issue 24): each prompt is put to every model of the eval at once, as
 * a playground conversation with one column per model and the server's tools (so every request,
 * response and tool call is recorded and can be opened in the playground), tools run without asking;
 * the calls each column made are scored against the expected ones (lib/suites/model-evals.ts) and
 * the run kept, newest first, at most MAX_MODEL_EVAL_RUNS per eval.
 */

/** Evals a store keeps (a bounded resource). */
export const MAX_MODEL_EVALS = 1_000;
/** Evals running at once (each holds a playground conversation per prompt while it runs). */
export const MAX_RUNNING_EVALS = 2;
const POLL_MS = 50;

const turnRaw = z.object({ turn: z.number(), status: z.string(), error: z.string().optional() });
const callRaw = z.object({
  toolCallId: z.string(),
  calledAs: z.string(),
  tool: z.string().nullable(),
  arguments: z.record(z.string(), z.unknown()),
});

/** "openai gpt-4o" (modelLabel), and "#2" after a label already taken. */
function labels(models: readonly ColumnConfig[]): string[] {
  const seen = new Map<string, number>();
  return models.map((m) => {
    const base = modelLabel(m);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} #${n}`;
  });
}

/**
 * What each column of a conversation did on its first turn, once every column ended it (or at the
 * deadline); null when the run was cancelled first (the turn is stopped: the prompt did not end).
 */
async function columnsOutcome(conversationId: string, columnIds: readonly string[], deadline: number, signal: AbortSignal) {
  const store = getHub().store;
  const read = (kind: string) => store.connectionEntriesOfKinds(conversationId, [kind], undefined, 100_000);
  const ended = () => {
    const turns = read("pg_turn").flatMap((e) => {
      const t = turnRaw.safeParse(e.raw);
      return t.success && t.data.status !== "running" && e.sessionKey ? [[e.sessionKey, t.data] as const] : [];
    });
    return new Map(turns);
  };
  let done = ended();
  while (columnIds.some((c) => !done.has(c)) && Date.now() < deadline && !signal.aborted) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    done = ended();
  }
  if (signal.aborted) {
    getPlayground().stop(conversationId);
    return null;
  }
  const timedOut = columnIds.some((c) => !done.has(c));
  if (timedOut) getPlayground().stop(conversationId);
  const calls = new Map<string, Map<string, z.infer<typeof callRaw>>>();
  for (const e of read("pg_tool_call")) {
    const c = callRaw.safeParse(e.raw);
    if (!c.success || !e.sessionKey) continue;
    const column = calls.get(e.sessionKey) ?? new Map<string, z.infer<typeof callRaw>>();
    column.set(c.data.toolCallId, c.data);
    calls.set(e.sessionKey, column);
  }
  return columnIds.map((id) => ({
    called: [...(calls.get(id)?.values() ?? [])].map((c) => ({ tool: c.tool ?? c.calledAs, args: c.arguments })),
    error: done.get(id)?.error ?? (done.has(id) ? undefined : "timed out: the model had not ended its turn"),
  }));
}

export class ModelEvals {
  /** Each running eval's cancel (its run's signal). */
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly store: Store = getStore()) {}

  list(): ModelEval[] {
    return this.store
      .prepare<{ record: string }>("SELECT record FROM model_evals ORDER BY created_at DESC, id")
      .all()
      .map((r) => storedJson<ModelEval>(r.record));
  }

  require(id: string): ModelEval {
    const row = this.store.prepare<{ record: string }>("SELECT record FROM model_evals WHERE id = ?").get(id);
    if (!row) throw new AppError("not_found:model_eval", `No model eval "${id}"`);
    return storedJson<ModelEval>(row.record);
  }

  create(body: ModelEvalBody): ModelEval {
    if (!getRegistry().get(body.connectionId)) throw new AppError("bad_request:model_eval", `No MCP connection "${body.connectionId}"`);
    const count = this.store.prepare<{ n: number }>("SELECT COUNT(*) AS n FROM model_evals").get()?.n ?? 0;
    if (count >= MAX_MODEL_EVALS) throw new AppError("conflict:model_eval_limit", `Loupe keeps at most ${MAX_MODEL_EVALS} model evals`);
    const created: ModelEval = { ...body, id: randomUUID(), createdAt: Date.now() };
    this.store
      .prepare("INSERT INTO model_evals (id, created_at, record) VALUES (?, ?, ?)")
      .run(created.id, created.createdAt, JSON.stringify(created));
    return created;
  }

  /** Another version of the eval (its runs stay: the history shows each run as it was run). */
  update(id: string, body: ModelEvalBody): ModelEval {
    const current = this.require(id);
    if (!getRegistry().get(body.connectionId)) throw new AppError("bad_request:model_eval", `No MCP connection "${body.connectionId}"`);
    const updated: ModelEval = { ...body, id, createdAt: current.createdAt };
    this.store.prepare("UPDATE model_evals SET record = ? WHERE id = ?").run(JSON.stringify(updated), id);
    return updated;
  }

  /** The eval and its runs; 409 while it runs. */
  remove(id: string): void {
    this.require(id);
    if (this.running.has(id)) throw new AppError("conflict:model_eval_running", "This eval is running: wait for it to end");
    const db = this.store.db;
    db.transaction(() => {
      db.prepare("DELETE FROM model_eval_runs WHERE eval_id = ?").run(id);
      db.prepare("DELETE FROM model_evals WHERE id = ?").run(id);
    })();
  }

  /** Newest first. */
  runs(evalId: string): ModelEvalRun[] {
    this.require(evalId);
    return this.store
      .prepare<{ record: string }>("SELECT record FROM model_eval_runs WHERE eval_id = ? ORDER BY started_at DESC, id DESC")
      .all(evalId)
      .map((r) => storedJson<ModelEvalRun>(r.record));
  }

  /** Puts every prompt to every model, scores and keeps the run; 409 while it (or too many evals) runs. */
  async run(evalId: string): Promise<ModelEvalRun> {
    const ev = this.require(evalId);
    if (this.running.has(evalId)) throw new AppError("conflict:model_eval_running", "This eval is running already");
    if (this.running.size >= MAX_RUNNING_EVALS)
      throw new AppError("conflict:model_eval_running", `${MAX_RUNNING_EVALS} evals are running: wait for one to end`);
    const stop = new AbortController();
    this.running.set(evalId, stop);
    try {
      const run = await this.runNow(ev, stop.signal);
      this.save(run);
      return run;
    } finally {
      this.running.delete(evalId);
    }
  }

  /**
   * Cancels the eval's run going: the prompt in flight is stopped, and the run ends "cancelled" with
   * the prompts that had ended (the request that started it answers with it). 409 when none runs.
   */
  cancel(evalId: string): void {
    this.require(evalId);
    const stop = this.running.get(evalId);
    if (!stop) throw new AppError("conflict:model_eval_not_running", "This eval is not running: there is nothing to cancel");
    stop.abort("cancelled");
  }

  private async runNow(ev: ModelEval, signal: AbortSignal): Promise<ModelEvalRun> {
    const startedAt = Date.now();
    const names = labels(ev.models);
    // A model that cannot be built (no key for its provider) fails each prompt in words; the others run.
    const unusable = ev.models.map((config) => {
      try {
        createModel(config, {});
        return null;
      } catch (e) {
        return errorMessage(e);
      }
    });
    const usable = ev.models.flatMap((config, i) => (unusable[i] === null ? [{ config, name: names[i]! }] : []));
    const results: ModelEvalResult[] = [];
    let cancelled = false;
    for (const [promptIndex, p] of ev.prompts.entries()) {
      if ((cancelled = signal.aborted)) break;
      const fail = (model: string, error: string) =>
        results.push({ promptIndex, model, pass: false, called: [], missing: p.expect, error });
      names.forEach((name, i) => unusable[i] !== null && fail(name, unusable[i]!));
      if (usable.length === 0) continue;
      try {
        const conversation = getPlayground().create({
          title: `eval ${ev.name} · prompt ${promptIndex + 1}`,
          systemPrompt: ev.systemPrompt,
          servers: [{ connectionId: ev.connectionId, tools: "all" }],
          policy: "never",
          toolPolicies: {},
          columns: usable.map((u) => u.config),
        });
        const columnIds = conversation.columns.map((c) => c.id);
        getPlayground().send(conversation.id, { text: p.prompt });
        const outcomes = await columnsOutcome(conversation.id, columnIds, Date.now() + ev.timeoutMs, signal);
        // Cancelled mid-prompt: it did not end on every model, so it is not scored (nor are its unusable models').
        if (!outcomes) {
          while (results.at(-1)?.promptIndex === promptIndex) results.pop();
          cancelled = true;
          break;
        }
        outcomes.forEach((o, i) => {
          const missing = missingCalls(p.expect, o.called);
          results.push({
            promptIndex,
            model: usable[i]!.name,
            pass: missing.length === 0,
            called: o.called,
            missing,
            ...(o.error ? { error: o.error } : {}),
            conversationId: conversation.id,
          });
        });
      } catch (e) {
        for (const u of usable) fail(u.name, errorMessage(e));
      }
    }
    const expected = ev.prompts.map((p) => p.expect);
    const status = cancelled ? "cancelled" : "completed";
    return { id: randomUUID(), evalId: ev.id, startedAt, endedAt: Date.now(), status, ...summarize(names, expected, results), results };
  }

  private save(run: ModelEvalRun): void {
    const db = this.store.db;
    db.transaction(() => {
      db.prepare("INSERT INTO model_eval_runs (id, eval_id, started_at, record) VALUES (?, ?, ?, ?)").run(
        run.id,
        run.evalId,
        run.startedAt,
        JSON.stringify(run),
      );
      db.prepare(
        `DELETE FROM model_eval_runs WHERE eval_id = ? AND id NOT IN
           (SELECT id FROM model_eval_runs WHERE eval_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
      ).run(run.evalId, run.evalId, MAX_MODEL_EVAL_RUNS);
    })();
  }
}

const MODEL_EVALS_KEY = Symbol.for("loupe.modelEvals");

/** The process-wide model evals (on globalThis: shared by every route bundle). */
export function getModelEvals(): ModelEvals {
  return processWide(MODEL_EVALS_KEY, () => new ModelEvals());
}
