import "server-only";
import { spawn } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path from "node:path";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { DiagnosisStep } from "@/lib/contracts/connections";
import { handshakeFor, INIT_ID } from "@/lib/server/mcp/doctor/initialize";
import { Steps } from "@/lib/server/mcp/doctor/steps";
import type { StdioConfig } from "@/lib/server/mcp/doctor/steps";
import { networkWords, quote } from "@/lib/server/mcp/doctor/words";
import { describeExit } from "@/lib/server/mcp/transports";

/** The stdio checks: spawn (working directory, command on PATH, start) → initialize → protocol. */

async function isExecutable(file: string): Promise<"ok" | "missing" | "not_executable" | "directory"> {
  try {
    const s = await stat(file);
    if (s.isDirectory()) return "directory";
  } catch {
    return "missing";
  }
  try {
    await access(file, fsConstants.X_OK);
    return "ok";
  } catch {
    return "not_executable";
  }
}

/** Finds the command the way spawn() would: a path as is, a bare name on PATH. */
export async function resolveCommand(command: string, pathVar: string, cwd: string): Promise<{ file?: string; problem?: string }> {
  if (command.includes("/") || command.includes(path.sep)) {
    const file = path.resolve(cwd, command);
    const found = await isExecutable(file);
    if (found === "ok") return { file };
    if (found === "missing") return { problem: `The command ${quote(file)} does not exist` };
    if (found === "directory") return { problem: `The command ${quote(file)} is a directory, not a program` };
    return { problem: `The command ${quote(file)} is not executable (no execute permission)` };
  }
  const dirs = pathVar.split(path.delimiter).filter(Boolean);
  let notExecutable: string | undefined;
  for (const dir of dirs) {
    const file = path.join(dir, command);
    const found = await isExecutable(file);
    if (found === "ok") return { file };
    if (found === "not_executable") notExecutable ??= file;
  }
  if (notExecutable) return { problem: `${quote(notExecutable)} was found but is not executable (no execute permission)` };
  return { problem: `The command ${quote(command)} was not found on PATH (${dirs.length} directories searched)` };
}

interface StdioProbe {
  spawnError?: NodeJS.ErrnoException;
  pid?: number;
  answer?: unknown;
  unparsed: string[];
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string[];
  timedOut: boolean;
}

/** Starts the server once, writes initialize, reads stdout until an answer, an exit or the timeout. */
function probeStdio(config: StdioConfig, file: string, timeoutMs: number): Promise<StdioProbe> {
  const probe: StdioProbe = { unparsed: [], stderr: [], timedOut: false };
  return new Promise((resolve) => {
    const child = spawn(file, config.args, {
      cwd: config.cwd,
      env: { ...getDefaultEnvironment(), ...config.env } as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let done = false;
    let out = "";
    let err = "";
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) probe.stderr.push(...err.split(/\r?\n/).filter(Boolean));
      probe.stderr = probe.stderr.slice(-10);
      if (child.exitCode === null && child.signalCode === null && probe.pid !== undefined) {
        child.kill("SIGTERM");
        setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"), 1_000).unref();
      }
      resolve(probe);
    };
    const timer = setTimeout(() => {
      probe.timedOut = true;
      finish();
    }, timeoutMs);
    child.once("error", (error) => {
      probe.spawnError = error;
      finish();
    });
    child.once("spawn", () => {
      probe.pid = child.pid;
      child.stdin.on("error", () => undefined);
      child.stdin.write(`${JSON.stringify(handshakeFor(config).request)}\n`);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      const lines = out.split("\n");
      out = lines.pop() ?? "";
      for (const raw of lines) {
        const line = raw.replace(/\r$/, "");
        if (!line.trim()) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          probe.unparsed.push(line);
          continue;
        }
        if ((parsed as { id?: unknown })?.id === INIT_ID) {
          probe.answer = parsed;
          finish();
        }
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      err += chunk;
      if (err.length > 16_384) err = err.slice(-16_384);
    });
    child.once("exit", (code, signal) => {
      probe.exit = { code, signal };
      // Let the last stdout/stderr chunks land before judging.
      setTimeout(() => {
        if (out.trim()) probe.unparsed.push(out.trim());
        finish();
      }, 50);
    });
  });
}

export async function diagnoseStdio(config: StdioConfig): Promise<DiagnosisStep[]> {
  const steps = new Steps();
  let started = performance.now();
  const cwd = config.cwd ?? process.cwd();
  if (config.cwd) {
    const dir = await stat(config.cwd).catch(() => null);
    if (!dir?.isDirectory()) {
      steps.add("spawn", false, `The working directory ${quote(config.cwd)} does not exist`, started);
      return steps.list;
    }
  }
  const pathVar = config.env.PATH ?? process.env.PATH ?? "";
  const resolved = await resolveCommand(config.command, pathVar, cwd);
  if (!resolved.file) {
    steps.add("spawn", false, resolved.problem!, started);
    return steps.list;
  }
  const probe = await probeStdio(config, resolved.file, Math.min(config.requestTimeoutMs, 10_000));
  const handshake = handshakeFor(config);
  if (probe.spawnError) {
    steps.add("spawn", false, `Starting ${quote(resolved.file)} failed: ${networkWords(probe.spawnError)}`, started);
    return steps.list;
  }
  const stderrTail = probe.stderr.length ? `; stderr ends with ${quote(probe.stderr.slice(-3).join(" ⏎ "))}` : "";
  if (probe.exit && probe.answer === undefined && probe.unparsed.length === 0) {
    steps.add("spawn", false, `${quote(resolved.file)} started but ${describeExit(probe.exit)} before answering${stderrTail}`, started);
    return steps.list;
  }
  steps.add("spawn", true, `The process started (pid ${probe.pid}): ${quote([resolved.file, ...config.args].join(" "))}`, started);
  started = performance.now();
  const garbage = probe.unparsed[0];
  if (probe.answer === undefined) {
    let detail: string;
    if (garbage !== undefined) {
      detail = `The server wrote a line to stdout that is not JSON (${quote(garbage)}): stdout is reserved for MCP messages, logs must go to stderr`;
    } else if (probe.exit) {
      detail = `The process ${describeExit(probe.exit)} before answering ${handshake.method}${stderrTail}`;
    } else {
      detail = `No answer to ${handshake.method} within ${Math.min(config.requestTimeoutMs, 10_000)} ms${stderrTail}`;
    }
    steps.add("initialize", false, detail, started);
    return steps.list;
  }
  const init = handshake.judge(probe.answer);
  const note = garbage !== undefined ? `; but it also wrote non-JSON to stdout (${quote(garbage)})` : "";
  if (!steps.add("initialize", init.answered, init.answered ? `The server answered ${handshake.method}${note}` : init.detail, started)) {
    return steps.list;
  }
  steps.add("protocol", init.ok, init.detail, started);
  return steps.list;
}
