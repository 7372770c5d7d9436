/** LangGraph's pure protocol code: entries → timeline rows, a run's path, graph layout. */
export { buildLgTimeline, lgTimelineRows, stepDiff, type LgTimeline } from "./timeline";
export { runPath, runPathOf, type LgRunPath, type LgPathEdge } from "./run-path";
export { contentText, messagesOf, pairMessages, readMessage, type LgMessage, type LgMessageItem, type LgToolCall } from "./messages";
export { layoutLgGraph, type LgGraphLayout, type LgLayoutCluster, type LgLayoutEdge, type LgLayoutNode } from "./graph-layout";
export { parseEventName, qualify, type LgEventName } from "./events";
export type { LgInterruptView, LgNote, LgRow, LgRunView, LgStep, LgStreamedMessage, LgTask } from "./types";
