/**
 * `bulk`: emits `count` custom stream events (stream mode "custom") from one node, so a bench or a
 * "10,000-event thread" test can produce a long stream in seconds without thousands of checkpoints.
 */
import { Annotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";

const BulkState = Annotation.Root({ count: Annotation<number>, emitted: Annotation<number> });

function emit(state: typeof BulkState.State, config: LangGraphRunnableConfig): Partial<typeof BulkState.State> {
  const count = Number.isInteger(state.count) && state.count >= 0 ? state.count : 100;
  for (let i = 0; i < count; i++) config.writer?.({ seq: i + 1, of: count, text: `event ${i + 1} of ${count}` });
  return { emitted: count };
}

export const graph = new StateGraph(BulkState).addNode("emit", emit).addEdge(START, "emit").compile();
graph.name = "bulk";
