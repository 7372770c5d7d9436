import { describe, expect, it } from "vitest";
import { serverTaskSupport, taskRefusal, taskRunMode } from "./tasks";

// A 2026-07-28 server with the Tasks extension (SEP-2663) declares it under capabilities.extensions;
// its tools declare no execution.taskSupport: the server decides per call.
const extensionCaps = { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } };
const coreCaps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const plainTool: { name: string; execution?: { taskSupport?: string } } = { name: "slow-report" };

describe("task support with the Tasks extension", () => {
  it("reads the extension from capabilities.extensions: calls and cancel, no tasks/list", () => {
    expect(serverTaskSupport(extensionCaps)).toEqual({ toolsCall: true, list: false, cancel: true, extension: true });
    expect(serverTaskSupport(coreCaps)).toEqual({ toolsCall: true, list: true, cancel: true });
    expect(serverTaskSupport({ tools: {}, extensions: { "io.example/other": {} } })).toEqual({
      toolsCall: false,
      list: false,
      cancel: false,
    });
  });

  it("offers no 'Run as task' under the extension (the server decides, a plain Run follows its task), nor under core tasks without taskSupport", () => {
    // Before: offered for every tool; ticked, a call the server ran at once failed and lost its result.
    expect(taskRunMode(extensionCaps, plainTool)).toBe("none");
    expect(taskRunMode(extensionCaps, { ...plainTool, execution: { taskSupport: "required" } })).toBe("none");
    expect(taskRefusal("fixture", extensionCaps, plainTool)).toBeNull();
    expect(taskRunMode(coreCaps, plainTool)).toBe("none");
    expect(taskRefusal("fixture", coreCaps, plainTool)).toMatch(/declares no execution.taskSupport/);
  });
});
