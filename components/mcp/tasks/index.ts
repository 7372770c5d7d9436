export { TasksPanel } from "./tasks-panel";
export { TaskRunView } from "./task-run-view";
export { TaskDetail, TaskActions, InputRequiredHint } from "./task-detail";
export { TaskStatusBadge } from "./task-status-badge";
