import { homedir } from "node:os";
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { ConnectionInput } from "@/lib/contracts/connections";
import type { ConnectionInputDraft } from "@/lib/contracts/connections";
import { resolveConfigFlags } from "@/lib/launcher/config-flags";
import { splitCommandLine } from "@/lib/shell-split";
import { errorMessage, isRecord } from "@/lib/values";
import { CliError } from "./io";
import type { CliIO } from "./io";

/** The server a command reaches, resolved from `<server>` and `--config`. */
export interface Target {
  /** How to name it in a sentence. */
  label: string;
  input: ConnectionInput;
}

const URL_RE = /^https?:\/\//i;

function inputOf(draft: ConnectionInputDraft): ConnectionInput {
  const r = ConnectionInput.safeParse(draft);
  if (!r.success)
    throw new CliError(`${draft.name}: ${r.error.issues.map((i) => `${i.path.join(".") || "server"}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** `<server>`: a URL, a name from a `--config` file, or a command line. */
export function resolveTarget(spec: string, configs: string[], io: CliIO): Target {
  if (URL_RE.test(spec)) return { label: spec, input: inputOf({ transport: "http", url: spec, name: spec }) };
  const words = splitCommandLine(spec);
  if (configs.length && words.length === 1) {
    const flags = resolveConfigFlags(
      configs,
      [spec],
      { cwd: io.cwd, env: { ...io.env }, home: io.home ?? homedir() },
      (m) => new CliError(m),
    );
    const picked = flags.servers[0];
    if (!picked) throw new CliError(`no server named ${spec} in ${configs.join(", ")}`);
    for (const m of flags.messages) io.stderr(`${m}\n`);
    return { label: `${spec} (${picked.file})`, input: picked.input };
  }
  const [command, ...args] = words;
  if (!command) throw new CliError("give a server: a --config name, a command line or a URL");
  return { label: spec, input: inputOf({ transport: "stdio", command, args, name: spec }) };
}

/** A connected client and how to end it (the stdio child with it). */
export interface Session {
  client: Client;
  close(): Promise<void>;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CliError(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused: is the server running?",
  ENOTFOUND: "host name not found",
  ECONNRESET: "the connection was reset",
  ETIMEDOUT: "timed out",
};

/** The errors an error was caused by, itself first (fetch hides the network's reason in `cause`). */
function causes(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  for (let e = error; isRecord(e) || e instanceof Error; e = isRecord(e) || e instanceof Error ? Reflect.get(e, "cause") : undefined) {
    chain.push({ code: Reflect.get(e, "code"), message: Reflect.get(e, "message") });
    if (chain.length > 5) break;
  }
  return chain;
}

/** A failure of the network itself (nothing answered), not of the server's answer. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || causes(error).some((c) => typeof c.code === "string" && c.code in NETWORK_WORDS);
}

const COMMAND_NOT_FOUND = "command not found";

/** Whether `error` says the command of a stdio server is not there. */
export function isMissingCommand(error: CliError): boolean {
  return error.message.startsWith("cannot start ") && error.message.includes(`: ${COMMAND_NOT_FOUND}: `);
}

/** A connect failure in words: a command that is not there, a server that is not up. */
function describeFailure(error: unknown, target: Target, stderr: string): string {
  const chain = causes(error);
  const code = chain[0]?.code;
  const cause = chain.slice(1).find((c) => typeof c.code === "string")?.code;
  const reason = chain
    .slice(1)
    .map((c) => c.message)
    .filter((m) => typeof m === "string" && m)[0];
  const tail = stderr.trim() ? `\nThe server wrote:\n${stderr.trim().split("\n").slice(-10).join("\n")}` : "";
  if (target.input.transport === "stdio" && code === "ENOENT")
    return `cannot start ${target.label}: ${COMMAND_NOT_FOUND}: ${target.input.command}`;
  if (target.input.transport === "stdio" && code === "EACCES")
    return `cannot start ${target.label}: ${target.input.command} is not executable`;
  if (typeof cause === "string" && NETWORK_WORDS[cause]) return `cannot reach ${target.label}: ${NETWORK_WORDS[cause]} (${cause})`;
  if (error instanceof TypeError && typeof reason === "string") return `cannot reach ${target.label}: ${errorMessage(error)} (${reason})`;
  return `cannot connect to ${target.label}: ${errorMessage(error)}${tail}`;
}

const CLIENT_INFO = { name: "loupe-inspector-cli", version: "0.1.0" };

async function open(transport: Transport, ms: number, label: string): Promise<Client> {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  try {
    await withTimeout(client.connect(transport), ms, `connecting to ${label}`);
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  return client;
}

/** Connects to the target: stdio spawns the command; a URL tries Streamable HTTP, then SSE. */
export async function connect(target: Target, ms: number): Promise<Session> {
  const input = target.input;
  let stderr = "";
  try {
    if (input.transport === "stdio") {
      const transport = new StdioClientTransport({
        command: input.command,
        args: input.args,
        env: { ...getDefaultEnvironment(), ...input.env },
        cwd: input.cwd,
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString("utf8")).slice(-8192);
      });
      const client = await open(transport, ms, target.label);
      return { client, close: () => client.close() };
    }
    const url = new URL(input.url);
    const requestInit = { headers: input.headers };
    if (input.transport === "sse") {
      const client = await open(new SSEClientTransport(url, { requestInit }), ms, target.label);
      return { client, close: () => client.close() };
    }
    let client: Client;
    try {
      client = await open(new StreamableHTTPClientTransport(url, { requestInit }), ms, target.label);
    } catch (first) {
      // Nothing answered: SSE would find nobody either. Anything else may be an old HTTP+SSE server.
      if (first instanceof CliError || isNetworkFailure(first)) throw first;
      try {
        client = await open(new SSEClientTransport(url, { requestInit }), ms, target.label);
      } catch {
        throw first;
      }
    }
    return { client, close: () => client.close() };
  } catch (e) {
    throw new CliError(e instanceof CliError ? e.message : describeFailure(e, target, stderr));
  }
}

/** Runs `fn` with a session to `<server>`, and ends the session whatever happens. */
export async function withServer<T>(spec: string, configs: string[], ms: number, io: CliIO, fn: (s: Session) => Promise<T>): Promise<T> {
  const session = await connect(resolveTarget(spec, configs, io), ms);
  try {
    return await withTimeout(fn(session), ms, spec);
  } finally {
    await session.close().catch(() => undefined);
  }
}
