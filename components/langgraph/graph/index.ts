export { LgGraphView, type LgGraphViewProps } from "./lg-graph-view";
