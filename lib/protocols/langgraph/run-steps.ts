/**
 * One run's events → supersteps (lib/protocols/langgraph/timeline.ts feeds it). With `debug` events a
 * step is a superstep: its tasks (`task` / `task_result`) and the checkpoint that closed it (state
 * after, `next`); without them, one step per node in each `updates` event. Custom events and folded
 * message chunks join the step running in their namespace. Pure; never throws on a strange event.
 */
import { isRecord } from "@/lib/values";
import { parseEventName, qualify, timeOf, type LgEventName } from "./events";
import { messagesOf, readMessage, type LgMessage } from "./messages";
import type { LgInterruptView, LgNote, LgStep, LgStreamedMessage, LgTask } from "./types";

export interface LgRunEvent {
  seq: number;
  receivedAt: number;
  event: string;
  data: unknown;
}

interface Pending {
  custom: unknown[];
  streamed: LgStreamedMessage[];
}

/** What a run's reading keeps between events. `seen` (message ids already shown) spans the thread. */
export class StepBuilder {
  readonly steps: LgStep[] = [];
  readonly notes: LgNote[] = [];
  private readonly byKey = new Map<string, LgStep>();
  private readonly open = new Map<string, LgStep>();
  private readonly last = new Map<string, LgStep>();
  private readonly state = new Map<string, unknown>();
  private readonly pending = new Map<string, Pending>();
  private readonly tasks = new Map<string, LgTask>();
  private readonly streamed = new Map<string, LgStreamedMessage>();
  private readonly interrupts = new Map<string, LgInterruptView>();
  private readonly updateIndex = new Map<string, number>();
  private previousAt: number | null = null;

  constructor(
    private readonly runId: string,
    private readonly debug: boolean,
    private readonly seen: Set<string>,
  ) {}

  add(e: LgRunEvent): void {
    const name = parseEventName(e.event);
    switch (name.mode) {
      case "debug":
        if (this.debug) this.readDebug(name, e);
        break;
      case "updates":
        this.readUpdates(name, e);
        break;
      case "values":
        if (!this.debug) this.readValues(name, e);
        break;
      case "custom":
        this.attach(name.path, e.seq, (into) => into.custom.push(e.data));
        break;
      case "messages":
      case "messages/partial":
      case "messages/complete":
        this.readChunk(name, e);
        break;
      case "error":
        this.notes.push({ kind: "error", seq: e.seq, data: e.data, path: name.path });
        break;
      case "metadata":
      case "messages/metadata":
      case "end":
        break;
      case null:
        this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: e.data });
        break;
    }
    this.previousAt = e.receivedAt;
  }

  /** Custom events and chunks no step took: the last step of their namespace, else the run's own rows. */
  finish(): void {
    for (const [path, left] of this.pending) {
      const last = this.last.get(path);
      if (last) {
        last.custom.push(...left.custom);
        last.streamed.push(...left.streamed);
        continue;
      }
      const seq = this.steps.at(-1)?.lastSeq ?? 0;
      for (const data of left.custom) this.notes.push({ kind: "custom", seq, data, path });
      for (const message of left.streamed) this.notes.push({ kind: "streamed", seq, message, path });
    }
    this.pending.clear();
  }

  private step(path: string, depth: number, step: number, from: LgStep["from"], seq: number): LgStep {
    const key = `${this.runId}:${path}:${from === "debug" ? step : `u${step}`}`;
    let s = this.byKey.get(key);
    if (!s) {
      const before = this.state.get(path);
      s = {
        key,
        runId: this.runId,
        path,
        depth,
        step,
        from,
        source: null,
        tasks: [],
        state: undefined,
        before,
        next: [],
        interrupts: [],
        custom: [],
        streamed: [],
        firstSeq: seq,
        lastSeq: seq,
      };
      this.byKey.set(key, s);
      this.steps.push(s);
      const waiting = this.pending.get(path);
      if (waiting) {
        s.custom.push(...waiting.custom);
        s.streamed.push(...waiting.streamed);
        this.pending.delete(path);
      }
    }
    s.lastSeq = Math.max(s.lastSeq, seq);
    this.last.set(path, s);
    return s;
  }

  private readDebug(name: LgEventName, e: LgRunEvent): void {
    const d = e.data;
    const payload = isRecord(d) && isRecord(d.payload) ? d.payload : null;
    const stepNo = isRecord(d) && typeof d.step === "number" ? d.step : null;
    if (!isRecord(d) || !payload || stepNo === null) {
      this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: d });
      return;
    }
    const at = timeOf(d.timestamp) ?? e.receivedAt;
    if (d.type === "checkpoint") {
      const s = this.step(name.path, name.ns.length, stepNo, "debug", e.seq);
      s.state = payload.values;
      s.next = Array.isArray(payload.next) ? payload.next.filter((n): n is string => typeof n === "string") : [];
      s.source = isRecord(payload.metadata) && typeof payload.metadata.source === "string" ? payload.metadata.source : null;
      this.state.set(name.path, payload.values);
      if (this.open.get(name.path) === s) this.open.delete(name.path);
      return;
    }
    if (d.type !== "task" && d.type !== "task_result") {
      this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: d });
      return;
    }
    const s = this.step(name.path, name.ns.length, stepNo, "debug", e.seq);
    const id = typeof payload.id === "string" ? payload.id : null;
    let task = id ? this.tasks.get(id) : undefined;
    if (!task) {
      const node = qualify(name.path, typeof payload.name === "string" ? payload.name : "(unnamed)");
      task = { id, node, input: payload.input, result: undefined, error: null, startedAt: null, endedAt: null, messages: [] };
      if (id) this.tasks.set(id, task);
      s.tasks.push(task);
    }
    if (d.type === "task") {
      task.startedAt = at;
      this.open.set(name.path, s);
      return;
    }
    task.endedAt = at;
    task.result = payload.result;
    task.error = payload.error ?? null;
    task.messages = this.fresh(payload.result, s.before);
    this.addInterrupts(payload.interrupts, s, task.node, name.path, e.seq);
  }

  private readUpdates(name: LgEventName, e: LgRunEvent): void {
    if (!isRecord(e.data)) {
      this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: e.data });
      return;
    }
    for (const [key, value] of Object.entries(e.data)) {
      if (key === "__interrupt__" && !Array.isArray(value)) {
        // LangGraph sends a list; anything else is shown raw, never dropped.
        this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: e.data });
        continue;
      }
      if (key === "__interrupt__") {
        // Only a running task is the one that paused: in the updates fallback a paused node never reports.
        const host = this.open.get(name.path) ?? null;
        const node = host && host.tasks.length === 1 ? (host.tasks[0]?.node ?? null) : null;
        this.addInterrupts(value, host, node, name.path, e.seq);
        continue;
      }
      // With debug events, a task's result carries the same write.
      if (this.debug) continue;
      const index = this.updateIndex.get(name.path) ?? 0;
      this.updateIndex.set(name.path, index + 1);
      const s = this.step(name.path, name.ns.length, index, "updates", e.seq);
      const messages = this.fresh(value, s.before);
      s.tasks.push({
        id: null,
        node: qualify(name.path, key),
        input: undefined,
        result: value,
        error: null,
        startedAt: this.previousAt,
        endedAt: e.receivedAt,
        messages,
      });
    }
  }

  private readValues(name: LgEventName, e: LgRunEvent): void {
    const s = this.last.get(name.path);
    if (s && s.state === undefined) s.state = e.data;
    this.state.set(name.path, e.data);
  }

  private readChunk(name: LgEventName, e: LgRunEvent): void {
    // messages-tuple: [chunk, metadata]; messages/partial and /complete: the messages so far, whole.
    const tuple = name.mode === "messages" && Array.isArray(e.data) && e.data.length === 2 && !readMessage(e.data[1]);
    const parts: unknown[] = tuple && Array.isArray(e.data) ? [e.data[0]] : Array.isArray(e.data) ? e.data : [e.data];
    const meta = tuple && Array.isArray(e.data) && isRecord(e.data[1]) ? e.data[1] : null;
    for (const part of parts) {
      const msg = readMessage(part);
      if (!msg) {
        this.notes.push({ kind: "unknown", seq: e.seq, event: e.event, data: e.data });
        return;
      }
      const id = msg.id ?? `seq:${e.seq}`;
      const known = this.streamed.get(id);
      if (known) {
        known.chunks += 1;
        known.text = name.mode === "messages" ? known.text + msg.text : msg.text;
        continue;
      }
      const node = meta && typeof meta.langgraph_node === "string" ? meta.langgraph_node : null;
      const folded: LgStreamedMessage = { id, node, chunks: 1, text: msg.text };
      this.streamed.set(id, folded);
      this.attach(name.path, e.seq, (into) => into.streamed.push(folded));
    }
  }

  /** Into the step running in `path`, else held for the next one (the updates fallback sees a node only when it ends). */
  private attach(path: string, seq: number, put: (into: Pending) => void): void {
    const open = this.open.get(path);
    if (open) {
      put(open);
      open.lastSeq = Math.max(open.lastSeq, seq);
      return;
    }
    let waiting = this.pending.get(path);
    if (!waiting) this.pending.set(path, (waiting = { custom: [], streamed: [] }));
    put(waiting);
  }

  private addInterrupts(value: unknown, host: LgStep | null, node: string | null, path: string, seq: number): void {
    if (!Array.isArray(value)) return;
    value.forEach((raw, i) => {
      const id = isRecord(raw) && typeof raw.id === "string" ? raw.id : `${path}#${seq}.${i}`;
      const known = this.interrupts.get(id);
      if (known) {
        known.node ??= node;
        return;
      }
      const view: LgInterruptView = { id, value: isRecord(raw) && "value" in raw ? raw.value : raw, node, request: null };
      this.interrupts.set(id, view);
      if (host) host.interrupts.push(view);
      else this.notes.push({ kind: "interrupt", seq, interrupt: view, path });
    });
  }

  /** Messages a node wrote that were not already in the state (or shown earlier in the thread). */
  private fresh(write: unknown, before: unknown): LgMessage[] {
    const had = new Set(messagesOf(before).flatMap((m) => (m.id ? [m.id] : [])));
    const out = messagesOf(write).filter((m) => !m.id || (!had.has(m.id) && !this.seen.has(m.id)));
    for (const m of out) if (m.id) this.seen.add(m.id);
    return out;
  }

  /** Every interrupt the run raised, for requests to be joined to. */
  interruptViews(): LgInterruptView[] {
    return [...this.interrupts.values()];
  }
}
