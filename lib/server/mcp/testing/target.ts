import "server-only";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { CaseTarget } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { MAX_CONFIG_BYTES, readMcpConfig } from "@/lib/mcp-config";
import { getRegistry } from "@/lib/server/mcp/registry";
import { nameFor, stableId } from "@/lib/server/peer-names";
import { expandTargetEnv } from "@/lib/suites/target-secrets";
import type { ConnectionView } from "@/lib/contracts/connections";

/**
 * Which MCP connection a case runs against (issue 24): a saved one by id, or one made for the
 * target — a config file's server, a command line, a URL — saved under a stable id derived from
 * its launch, so a second run reuses it and its traffic is in Traffic like any other's.
 */

async function fromConfig(name: string, file: string | undefined): Promise<ConnectionInput> {
  if (!file) throw new AppError("bad_request:test_target", `The target names the server "${name}" of a config file but no file (--config)`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new AppError("bad_request:test_target", `Cannot read the config file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (text.length > MAX_CONFIG_BYTES)
    throw new AppError("bad_request:test_target", `The config file ${file} is over ${MAX_CONFIG_BYTES} bytes`);
  const report = readMcpConfig(text, { env: process.env, home: homedir(), workspaceFolder: path.dirname(path.resolve(file)) });
  if (!report.ok) throw new AppError("bad_request:test_target", `${file}: ${report.error}`);
  const entry = report.entries.find((e) => e.name === name);
  if (!entry)
    throw new AppError(
      "bad_request:test_target",
      `${file} has no server "${name}" (it has: ${report.entries.map((e) => e.name).join(", ") || "none"})`,
    );
  if (!entry.input) throw new AppError("bad_request:test_target", `${file}: ${name} cannot be used: ${entry.problems.join("; ")}`);
  return entry.input;
}

export async function connectionInputFor(given: Exclude<CaseTarget, { kind: "saved" }>): Promise<ConnectionInput> {
  if (given.kind === "config") return fromConfig(given.name, given.file);
  // A suite file's headers and environment are ${env:NAME} references (lib/suites/target-secrets.ts).
  let target: Exclude<CaseTarget, { kind: "saved" | "config" }>;
  try {
    const expanded = expandTargetEnv(given, process.env);
    if (expanded.kind === "saved" || expanded.kind === "config") throw new Error("unexpected target kind");
    target = expanded;
  } catch (e) {
    throw new AppError("bad_request:test_target", e instanceof Error ? e.message : String(e));
  }
  if (target.kind === "command") {
    return {
      name: nameFor([target.command, ...target.args]),
      transport: "stdio",
      command: target.command,
      args: target.args,
      env: target.env ?? {},
      ...(target.cwd ? { cwd: target.cwd } : {}),
      requestTimeoutMs: 60_000,
    };
  }
  return { name: new URL(target.url).host, transport: "http", url: target.url, headers: target.headers ?? {}, requestTimeoutMs: 60_000 };
}

/** The connection for a target, connected; its failure to connect is an AppError in words. */
export async function connectionFor(target: CaseTarget): Promise<ConnectionView> {
  const registry = getRegistry();
  let view: ConnectionView;
  if (target.kind === "saved") {
    const found = registry.get(target.id);
    if (!found) throw new AppError("not_found:test_target", `No MCP connection "${target.id}"`);
    view = found.state.status === "connected" ? found : await registry.connect(target.id);
  } else {
    const input = await connectionInputFor(target);
    const id = stableId(
      "test",
      JSON.stringify([input.transport, "command" in input ? [input.command, input.args, input.cwd ?? ""] : input.url]),
    );
    const existing = registry.get(id);
    view = existing?.state.status === "connected" ? existing : await registry.create(input, { id });
  }
  if (view.state.status !== "connected") {
    throw new AppError("upstream:test_target", `Could not connect to ${view.name}: ${view.state.error?.message ?? view.state.status}`);
  }
  return view;
}
