export { AdkTimeline, type AdkTimelineProps } from "./adk-timeline";
export { TimelineToolbar, type TimelineToolbarProps } from "./timeline-toolbar";
export { EventInspector, type EventInspectorProps } from "./event-inspector";
export { SessionSummary, type SessionSummaryProps } from "./session-summary";
export { ArtifactPreview, type ArtifactPreviewProps } from "./artifact-preview";
export {
  DEFAULT_TIMELINE_FILTER,
  FILTER_KINDS,
  filterTimeline,
  isFiltering,
  timelineAuthors,
  timelineToolNames,
  type FilterKind,
  type TimelineFilter,
} from "./filter";
export type { TimelineView } from "./rows";
