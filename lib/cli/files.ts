import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { splitCommandLine } from "@/lib/shell-split";
import { collectSurface, parseSnapshot } from "@/lib/surface";
import type { SurfaceSnapshot } from "@/lib/surface";
import { CliError } from "./io";
import type { CliIO } from "./io";
import { isMissingCommand, withServer } from "./target";

/** The largest snapshot file read (a server with thousands of tools is a few MiB). */
export const MAX_SNAPSHOT_BYTES = 32 * 1024 * 1024;

/** Reads a snapshot file; a file that is not one is a CliError naming the bad field. */
export function readSnapshotFile(file: string, io: CliIO): SurfaceSnapshot {
  const full = path.resolve(io.cwd, file);
  let text: string;
  try {
    const size = statSync(full).size;
    if (size > MAX_SNAPSHOT_BYTES) throw new Error(`it is ${size} bytes, over the ${MAX_SNAPSHOT_BYTES} a snapshot may have`);
    text = readFileSync(full, "utf8");
  } catch (e) {
    throw new CliError(`${file}: cannot read it: ${e instanceof Error ? e.message : String(e)}`);
  }
  const r = parseSnapshot(text);
  if (!r.ok) throw new CliError(`${file}: ${r.error}`);
  return r.snapshot;
}

/** A file that exists is a snapshot file; anything else is a server. */
export function isFileArg(arg: string, io: CliIO): boolean {
  const full = path.resolve(io.cwd, arg);
  return existsSync(full) && statSync(full).isFile();
}

/** `<a>` of diff: a snapshot file, or a server to snapshot now. */
export async function snapshotOf(arg: string, configs: string[], ms: number, io: CliIO): Promise<SurfaceSnapshot> {
  if (isFileArg(arg, io)) return readSnapshotFile(arg, io);
  try {
    return await withServer(arg, configs, ms, io, (s) => collectSurface(s.client));
  } catch (e) {
    // One word that is neither a file nor a command is most likely a mistyped snapshot file name.
    if (e instanceof CliError && isMissingCommand(e) && splitCommandLine(arg).length === 1)
      throw new CliError(`${arg}: no such file, nor a command it could start`);
    throw e;
  }
}

export function writeFile(file: string, text: string, io: CliIO): void {
  try {
    writeFileSync(path.resolve(io.cwd, file), text);
  } catch (e) {
    throw new CliError(`-o ${file}: cannot write it: ${e instanceof Error ? e.message : String(e)}`);
  }
}
