/** Text colour of an HTTP status (0: no answer): no answer and 4xx/5xx stand out. */
export function httpStatusTone(status: number): string {
  if (status === 0 || status >= 400) return "text-destructive";
  if (status >= 300) return "text-amber-700 dark:text-amber-300";
  return "text-emerald-700 dark:text-emerald-400";
}
