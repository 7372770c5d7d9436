// The processes the runner starts (the suite's CLI, the demo MCP server), each in its own process
// group, so a timeout or Ctrl-C kills everything they started.
import { spawn } from "node:child_process";
import { createWriteStream, realpathSync } from "node:fs";
import path from "node:path";
import { cliEntry, DEMO_PORT, DEMO_START_MS, forceLoopback, nodeBin, root, tsxLoader, verbose } from "./setup.mjs";

const live = new Set();
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    for (const child of live) killGroup(child);
    process.exit(130);
  });
}

/** Runs the CLI in its own process group; the whole group is killed at the wall-clock limit. */
export function runCli(args, wallMs, logFile) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(realpathSync(nodeBin), ["--require", forceLoopback, cliEntry, ...args], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    live.add(child);
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      log.write(chunk);
      if (verbose) process.stdout.write(chunk);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, wallMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      // The CLI's scenario clients are in its group too: make sure none outlives it.
      killGroup(child);
      log.end();
      resolve({ code, signal, timedOut, output });
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      live.delete(child);
      log.end();
      resolve({ code: -1, signal: null, timedOut, output: `${output}\n${error.message}` });
    });
  });
}

/**
 * Starts the demo MCP server over Streamable HTTP on 127.0.0.1 with the suite's fixtures
 * (`--conformance`), in its own process group; resolves with its URL (its first stdout line).
 */
export function startDemoServer(logFile) {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(
      process.execPath,
      ["--import", tsxLoader, path.join(root, "demo/mcp-server.ts"), "--http", "--port", String(DEMO_PORT), "--conformance"],
      { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"] },
    );
    live.add(child);
    let stdout = "";
    let stderr = "";
    const fail = (why) => {
      clearTimeout(timer);
      killGroup(child);
      live.delete(child);
      reject(
        new Error(`the demo MCP server did not start: ${why}${stderr.trim() ? `\n${stderr.trim().split("\n").slice(-5).join("\n")}` : ""}`),
      );
    };
    const timer = setTimeout(() => fail(`no URL on stdout after ${DEMO_START_MS / 1000}s`), DEMO_START_MS);
    child.stdout.on("data", (chunk) => {
      log.write(chunk);
      stdout += chunk;
      const first = stdout.split("\n");
      if (first.length > 1) {
        clearTimeout(timer);
        resolve({ url: first[0].trim(), stop: () => stopChild(child) });
      }
    });
    child.stderr.on("data", (chunk) => {
      log.write(chunk);
      stderr += chunk;
    });
    child.on("exit", (code, signal) => {
      live.delete(child);
      log.end();
      if (!stdout.includes("\n")) fail(`it exited (${code ?? signal})`);
    });
    child.on("error", (error) => fail(error.message));
  });
}

/** SIGTERM (the demo server closes its listener), SIGKILL for the group after 3 s. */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      killGroup(child);
      resolve();
      return;
    }
    const hard = setTimeout(() => killGroup(child), 3000);
    child.once("exit", () => {
      clearTimeout(hard);
      killGroup(child);
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      clearTimeout(hard);
      resolve();
    }
  });
}
