// The default export: under plain Node ESM (benches, tsx) the CJS build exposes no named exports.
import jsonpatch from "fast-json-patch";
import { errorMessage } from "@/lib/values";
import type { AguiActivityItem } from "@/lib/protocols/agui/types";
import { str, type Ev } from "@/lib/protocols/agui/events";
import type { TimelineSink } from "@/lib/protocols/agui/timeline-messages";

/**
 * A patch as received (STATE_DELTA.delta, ACTIVITY_DELTA.patch) applied to a copy of `doc`.
 * fast-json-patch validates every operation (validateOperation) and throws on a bad one, as it
 * does, with its own error, on a patch that is not an array.
 */
function applyReceivedPatch(doc: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw new jsonpatch.JsonPatchError("Patch sequence must be an array", "SEQUENCE_NOT_AN_ARRAY");
  return jsonpatch.applyPatch(doc, patch, true, false).newDocument;
}

/** The run's state (STATE_SNAPSHOT, STATE_DELTA as JSON Patch) and its activities (ACTIVITY_SNAPSHOT / ACTIVITY_DELTA). */
export class RunState {
  private readonly activities = new Map<string, AguiActivityItem>();

  constructor(
    private readonly run: TimelineSink,
    /** The state so far: the run's initial state, then each snapshot or delta applied. */
    public current: unknown,
  ) {}

  snapshot(e: Ev, i: number): void {
    const before = this.current;
    this.current = e.snapshot;
    this.run.items.push({ kind: "state", op: "snapshot", first: i, last: i, before, after: e.snapshot });
  }

  delta(e: Ev, i: number): void {
    const before = this.current;
    let after = before;
    let error: string | undefined;
    if (!Array.isArray(e.delta)) error = "STATE_DELTA.delta is not a JSON Patch array";
    else {
      try {
        after = applyReceivedPatch(before ?? {}, e.delta);
      } catch (err) {
        error = errorMessage(err);
      }
    }
    if (error) this.run.find(i, "error", "state_patch_failed", `A STATE_DELTA patch did not apply: ${error}`);
    else this.current = after;
    this.run.items.push({ kind: "state", op: "delta", first: i, last: i, before, after, delta: e.delta, error });
  }

  activity(type: string, e: Ev, i: number): void {
    const messageId = str(e.messageId) ?? `activity-${i}`;
    let item = this.activities.get(messageId);
    if (!item) {
      item = { kind: "activity", messageId, activityType: str(e.activityType) ?? "", content: undefined, updates: 0, first: i, last: i };
      this.activities.set(messageId, item);
      this.run.items.push(item);
    }
    item.updates++;
    item.last = i;
    if (type === "ACTIVITY_SNAPSHOT") {
      item.content = e.content;
      return;
    }
    try {
      item.content = applyReceivedPatch(item.content ?? {}, e.patch ?? []);
    } catch (err) {
      item.error = errorMessage(err);
      this.run.find(i, "error", "activity_patch_failed", `An ACTIVITY_DELTA patch did not apply: ${item.error}`);
    }
  }
}
