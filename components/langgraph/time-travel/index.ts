export { LgTimeTravelPanel, type LgTimeTravelPanelProps } from "./lg-time-travel-panel";
