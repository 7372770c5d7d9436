export { LgThreadTimeline, type LgThreadTimelineProps } from "./lg-thread-timeline";
