import { describe, expect, it } from "vitest";
import { agentOutcome } from "@/lib/suites/agent-turns";
import { evaluateAssertions } from "@/lib/suites/assertions";

const turn = (finalResponse: string, ...calls: string[]) => ({
  finalResponse,
  toolCalls: calls.map((c) => ({ name: c, args: { dir: c } })),
});
const recorded = agentOutcome([turn("There are 2 files in tmp.", "count"), turn("You said hello.")], []);

describe("per-turn scoring (ADK's averages)", () => {
  it("tool_trajectory_avg_score is the mean of 1/0 per turn, response_match_score the mean ROUGE-1", async () => {
    const outcome = agentOutcome([turn("There are 3 files in tmp.", "other"), turn("You said hello.")], []);
    const [traj, resp] = await evaluateAssertions(
      [
        { type: "trajectory", mode: "exact", args: "exact", perTurn: true, threshold: 0.5 },
        { type: "final_response", mode: "rouge1", threshold: 0.9, perTurn: true },
      ],
      { outcome, recorded },
    );
    expect(traj).toMatchObject({ status: "pass", score: 0.5, reason: "tool_trajectory_avg_score 0.500 ≥ 0.5 over 2 turns" });
    // Turn 1: 5 of 6 unigrams shared (F 0.833), turn 2 identical (1.0): mean 0.917.
    expect(resp).toMatchObject({ status: "pass", reason: "response_match_score 0.917 ≥ 0.9 over 2 turns" });
  });

  it("fails below the threshold, naming the first turn that missed", async () => {
    const outcome = agentOutcome([turn("There are 2 files in tmp.", "other"), turn("Bye.")], []);
    const [traj, resp] = await evaluateAssertions(
      [
        { type: "trajectory", mode: "exact", args: "exact", perTurn: true },
        { type: "final_response", mode: "rouge1", threshold: 0.8, perTurn: true },
      ],
      { outcome, recorded },
    );
    expect(traj).toMatchObject({
      status: "fail",
      reason: 'tool_trajectory_avg_score 0.500 < 1 over 2 turns: turn 1 called other({"dir":"other"})',
    });
    expect(resp).toMatchObject({ status: "fail", reason: 'response_match_score 0.500 < 0.8 over 2 turns: turn 2 answered "Bye."' });
  });
});
