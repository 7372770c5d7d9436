/**
 * `review`: two parallel approvals that pause in the same step (legal and finance, each a generic
 * interrupt, not an Agent Inbox one), joined in `decide`, then a `publish` subgraph that pauses
 * again from inside the subgraph. Resuming the first pause needs a map keyed by interrupt id.
 */
import { Annotation, END, interrupt, START, StateGraph } from "@langchain/langgraph";

const ReviewState = Annotation.Root({
  topic: Annotation<string>,
  legalAnswer: Annotation<string>,
  financeAnswer: Annotation<string>,
  decision: Annotation<string>,
  published: Annotation<string>,
});
type Review = typeof ReviewState.State;

// Node names may not repeat state keys (LangGraph refuses a channel and a node of the same name).
/** Resume values arrive as any JSON; the state keeps them as text. */
function answerText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function legal(): Partial<Review> {
  return { legalAnswer: answerText(interrupt({ question: "Approve the legal terms?", options: ["yes", "no"] })) };
}

function finance(): Partial<Review> {
  return { financeAnswer: answerText(interrupt({ question: "Approve the budget?", options: ["yes", "no"] })) };
}

function decide(state: Review): Partial<Review> {
  const approved = state.legalAnswer === "yes" && state.financeAnswer === "yes";
  return { decision: `${approved ? "approved" : "rejected"} (legal: ${state.legalAnswer}, finance: ${state.financeAnswer})` };
}

function prepare(state: Review): Partial<Review> {
  return { published: `draft: ${state.topic ?? "the proposal"} ${state.decision}` };
}

function confirm(state: Review): Partial<Review> {
  const answer = answerText(interrupt({ question: "Publish the decision?", decision: state.decision, options: ["publish", "hold"] }));
  return { published: answer === "publish" ? `published: ${state.decision}` : `held: ${state.decision}` };
}

// Shares the parent's state keys, so the compiled graph can be added as a node directly.
const publish = new StateGraph(ReviewState)
  .addNode("prepare", prepare)
  .addNode("confirm", confirm)
  .addEdge(START, "prepare")
  .addEdge("prepare", "confirm")
  .addEdge("confirm", END)
  .compile();

export const graph = new StateGraph(ReviewState)
  .addNode("legal", legal)
  .addNode("finance", finance)
  .addNode("decide", decide)
  .addNode("publish", publish)
  .addEdge(START, "legal")
  .addEdge(START, "finance")
  .addEdge(["legal", "finance"], "decide")
  .addEdge("decide", "publish")
  .addEdge("publish", END)
  .compile();
graph.name = "review";
