/** The Tests view as the shell places it (issue 24): its sidebar link and its pane. */
export { TestsLink, type TestsLinkProps } from "./tests-link";
export { TestsMain } from "./tests-main";
