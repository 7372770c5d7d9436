/**
 * A sidebar row's background: the open one is `bg-accent`; any other only lightens under the
 * pointer. Hover must not equal the selected style: clicking Inbox from the playground shifts the
 * sidebar under a still pointer, and the agent row it lands on then read as the open one.
 */
export function sidebarItemState(selected: boolean): string {
  return selected ? "bg-accent" : "hover:bg-accent/50";
}
