// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { AguiHumanRequest, AguiRunRecord } from "@/lib/contracts/agui";
import type { RunRecordView } from "@/lib/queries/agui";
import { ThreadRunBar } from "./thread-run-bar";

afterEach(cleanup);

const request = (status: AguiHumanRequest["status"]) => ({ id: `q-${status}`, runId: "r1", kind: "interrupt", status }) as AguiHumanRequest;
const run = (runId: string, status: AguiRunRecord["status"], requests: AguiHumanRequest[]): RunRecordView => ({
  runId,
  input: undefined,
  record: { runId, status } as AguiRunRecord,
  events: [],
  malformed: [],
  requests,
  firstSeq: 1,
});

const badges = () => screen.getAllByTestId("agui-run-status").map((b) => b.textContent);

describe("ThreadRunBar", () => {
  it("an interrupted run reads Waiting while a request waits, and Answered once all are answered (issue 23)", () => {
    const props = { openRunId: null, onOpenRun: () => {}, tab: "timeline" as const, onTab: () => {} };
    render(<ThreadRunBar runs={[run("r1", "interrupted", [request("pending"), request("answered")])]} {...props} />);
    expect(badges()).toEqual(["Waiting"]);
    cleanup();
    render(
      <ThreadRunBar runs={[run("r1", "interrupted", [request("answered"), request("answered")]), run("r2", "finished", [])]} {...props} />,
    );
    expect(badges()).toEqual(["Answered", "Finished"]);
  });

  it("a run that ended on a front-end tool call reads Waiting until the call is answered, then Finished", () => {
    const props = { openRunId: null, onOpenRun: () => {}, tab: "timeline" as const, onTab: () => {} };
    const tool = (status: AguiHumanRequest["status"]) => ({ ...request(status), kind: "tool" }) as AguiHumanRequest;
    render(<ThreadRunBar runs={[run("r0", "finished", []), run("r1", "finished", [tool("pending")])]} {...props} />);
    expect(badges()).toEqual(["Finished", "Waiting"]);
    cleanup();
    render(<ThreadRunBar runs={[run("r1", "finished", [tool("answered")]), run("r2", "finished", [])]} {...props} />);
    expect(badges()).toEqual(["Finished", "Finished"]);
  });
});
