/** `broken`: a graph whose second node raises, so a run ends in an error after one good step. */
import { Annotation, START, StateGraph } from "@langchain/langgraph";

export const BROKEN_MESSAGE = "The broken demo graph raised on purpose in its explode node";

const BrokenState = Annotation.Root({ steps: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

export const graph = new StateGraph(BrokenState)
  .addNode("prepare", () => ({ steps: ["prepare"] }))
  .addNode("explode", (): Partial<typeof BrokenState.State> => {
    throw new Error(BROKEN_MESSAGE);
  })
  .addEdge(START, "prepare")
  .addEdge("prepare", "explode")
  .compile();
graph.name = "broken";
