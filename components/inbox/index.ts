/** The inbox as the shell places it: its link in the sidebar and its pane. */
export { InboxLink, type InboxLinkProps } from "./inbox-link";
export { InboxMain } from "./inbox-main";
