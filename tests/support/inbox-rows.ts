// Test-only: one row of every inbox source, all sharing one id, so keys must tell them apart. A fixture of
// every source names every source: it lives with the test support, not in a shared source folder.
import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";

type RowOf<S extends InboxSource> = Extract<InboxRow, { source: S }>;

export const SAME_ID = "req-1";

/**
 * A mapped type: a source added to InboxRow without a row here is a compile error, so the tests
 * that walk every source cannot silently skip a new one.
 */
export function rowsOfEverySource(status: InboxRow["status"] = "pending", createdAt = 1000): { [S in InboxSource]: RowOf<S> } {
  const adk: RowOf<"adk"> = {
    source: "adk",
    id: SAME_ID,
    key: `ev1:${SAME_ID}`,
    kind: "input",
    status,
    createdAt,
    connectionId: "ag",
    agentId: "ag",
    agentName: "Demo agent",
    appName: "demo",
    userId: "u1",
    sessionId: "s1",
    sessionKey: "demo/u1/s1",
    eventId: "ev1",
    invocationId: "e-1",
    author: "demo",
    callName: "ask",
    prompt: "Which colour?",
  };
  return {
    adk,
    mcp: {
      source: "mcp",
      id: SAME_ID,
      connectionId: "ev",
      connectionName: "everything",
      sessionKey: "k",
      kind: "elicitation_form",
      jsonrpcId: 1,
      createdAt,
      status: status === "failed" ? "failed" : status,
      params: { message: "Your name?", requestedSchema: { type: "object" } },
    },
    approval: {
      source: "approval",
      id: SAME_ID,
      connectionId: "ev",
      connectionName: "everything",
      tool: "echo",
      arguments: { message: "hi" },
      origin: { kind: "tap", tapId: "t1" },
      policy: { value: "always", from: "default" },
      createdAt,
      // Approvals know no "failed": a failed send leaves them pending.
      status: status === "failed" ? "pending" : status,
    },
    a2a: {
      source: "a2a",
      id: SAME_ID,
      agentId: "a2",
      agentName: "Demo A2A",
      taskId: "t1",
      contextId: "c1",
      kind: "input",
      prompt: "Which size?",
      createdAt,
      status,
    },
    agui: {
      source: "agui",
      id: SAME_ID,
      agentId: "g1",
      agentName: "Demo AG-UI",
      threadId: "th1",
      runId: "r1",
      kind: "tool",
      toolCallId: "tc1",
      toolName: "pick_colour",
      arguments: { options: ["red"] },
      createdAt,
      status,
    },
    langgraph: {
      source: "langgraph",
      id: SAME_ID,
      deploymentId: "lg1",
      deploymentName: "Demo LangGraph",
      threadId: "th1",
      runId: "r1",
      interruptId: "i1",
      value: { question: "Which colour?" },
      shape: "generic",
      createdAt,
      status,
    },
  };
}

export const everySourceRow = (status?: InboxRow["status"], createdAt?: number): InboxRow[] =>
  Object.values(rowsOfEverySource(status, createdAt));
