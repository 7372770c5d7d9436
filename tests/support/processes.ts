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

/** The first line a test host prints on stdout (its status), or a rejection if it exits before. */
export function firstLine(child: import("node:child_process").ChildProcess, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code} before starting`)));
  });
}
