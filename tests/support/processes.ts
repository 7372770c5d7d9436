import { existsSync, readFileSync } from "node:fs";

/** Alive and not a zombie waiting for a reaper (a container's PID 1 may never reap it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  const state = readFileSync(stat, "utf8").replace(/^.*\) /s, "")[0];
  return state !== "Z" && state !== "X";
}
