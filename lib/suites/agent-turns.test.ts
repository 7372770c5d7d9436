import { describe, expect, it } from "vitest";
import { agentCaseBody, inRecordedOrder } from "./agent-turns";

const met = (key: string, question: string) => ({ kind: "interrupt", key, request: { question } });
const answer = (key: string | undefined, question: string) => ({
  kind: "interrupt",
  ...(key ? { key } : {}),
  request: { question },
  answer: question,
});

describe("inRecordedOrder", () => {
  it("puts pauses pending together in the order the recording answered them, matching by request", () => {
    const pending = [met("legal", "Legal?"), met("finance", "Budget?")];
    expect(inRecordedOrder(pending, [answer("finance", "Budget?"), answer("legal", "Legal?")], (p) => p)).toEqual([pending[1], pending[0]]);
    // Same kind and key (two confirmations of one tool): the request tells them apart.
    const two = [met("delete_file", "/tmp/b"), met("delete_file", "/tmp/a")];
    expect(inRecordedOrder(two, [answer("delete_file", "/tmp/a"), answer("delete_file", "/tmp/b")], (p) => p)).toEqual([two[1], two[0]]);
  });

  it("keeps pauses the recording does not know last, where the script fails them", () => {
    const pending = [met("new_node", "New?"), met("legal", "Legal?")];
    expect(inRecordedOrder(pending, [answer("legal", "Legal?")], (p) => p)).toEqual([pending[1], pending[0]]);
  });
});

describe("agentCaseBody", () => {
  it("keeps the answers up to the first pause the recording could not answer, never shifting later ones", () => {
    const pause = (key: string, a: string | null) => ({ kind: "interrupt", key, request: { key }, answer: a });
    const body = agentCaseBody({
      name: "n",
      protocol: "langgraph",
      target: { kind: "saved", id: "d" },
      source: { protocol: "langgraph", from: "thread", ref: {} },
      turns: [
        { input: {}, label: "t1", pauses: [pause("first", "yes"), pause("second", null)], toolCalls: [], finalResponse: "" },
        { input: {}, label: "t2", pauses: [pause("third", "no")], toolCalls: [], finalResponse: "done" },
      ],
    });
    // Before: ["first", "third"], so the replay answered "second" with third's answer.
    expect(body.answers.map((a) => a.key)).toEqual(["first"]);
  });
});
