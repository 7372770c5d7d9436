import { describe, expect, it } from "vitest";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { A2aStore } from "@/lib/server/a2a/store";
import { A2aTasks } from "@/lib/server/a2a/tasks";
import { Hub } from "@/lib/server/hub";
import type { Store } from "@/lib/server/store";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * A task two instances write (issue 25): A relays the task's stream and keeps its artifact chunks in
 * memory until its next flush; B receives the agent's push that the task ended, and writes that. A's
 * flush wrote its whole record back over B's, and the task read "working" again for good.
 */
const backends = storeBackends().filter((b) => b.name === "PostgreSQL");

const status = (state: A2aTaskState, timestamp: string): A2aItem => ({ type: "status", taskId: "t1", contextId: "c1", state, timestamp });
const chunk = (artifactId: string): A2aItem => ({
  type: "artifact",
  taskId: "t1",
  contextId: "c1",
  artifact: { artifactId, parts: [{ kind: "text", text: artifactId }] },
  append: false,
  lastChunk: true,
});
const tasksOn = (store: Store) => new A2aTasks(new Hub(store), new A2aStore(store), () => "agent");

describe.each(backends)("an A2A task written by two instances ($name)", (backend) => {
  it("keeps the end another instance wrote, and the artifacts of both, when one flushes what it held", () => {
    const storeA = backend.open();
    const storeB = backend.open(true);
    try {
      const a = tasksOn(storeA);
      const b = tasksOn(storeB);
      a.apply("a1", status("working", "2026-11-30T10:00:01Z"));
      a.apply("a1", chunk("part-1")); // in A's memory until its flush
      b.apply("a1", chunk("pushed-part"));
      b.apply("a1", status("completed", "2026-11-30T10:00:05Z"));
      a.flush();
      const row = new A2aStore(storeB).getTask("a1", "t1") as { state: string; artifactCount: number; artifactIds?: string[] };
      expect(row.state).toBe("completed");
      expect(row.artifactIds?.sort()).toEqual(["part-1", "pushed-part"]);
      expect(row.artifactCount).toBe(2);
      // A status of the stream stamped before the end, read by A afterwards, does not move it back.
      a.apply("a1", status("working", "2026-11-30T10:00:02Z"));
      expect(new A2aStore(storeB).getTask("a1", "t1")?.state).toBe("completed");
    } finally {
      storeA.close();
      storeB.close();
    }
  });
});
