// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle:
// hence no "server-only" import, which throws outside the react-server condition.
import { defaultConfigIo, resolveConfigFlags } from "@/lib/launcher/config-flags";
import type { ConfigFlags, ConfigIo } from "@/lib/launcher/config-flags";
import { splitCommandLine } from "@/lib/shell-split";

/** What `npm start -- …` asked for; handed to the Next process as LOUPE_BOOT (JSON). */
export interface BootOptions {
  port: number;
  host: string;
  demo: boolean;
  open: boolean;
  /** Each --mcp as split words: [command, ...args]. */
  mcp: string[][];
  mcpUrl: string[];
  agents: string[];
  /** Each --langgraph: a LangGraph API server's base URL. */
  langgraph: string[];
  dev: boolean;
  /** What --config (and --server) gave: the servers to pre-connect, the messages about the others. Absent without --config. */
  mcpConfig?: ConfigFlags;
  /** Team mode (--team, or LOUPE_OIDC_ISSUER set): sign-in and roles (lib/launcher/team/). Absent in local mode. */
  team?: true;
  /** --insecure-http: a TLS proxy is in front, so team mode may serve plain HTTP on a non-loopback address. */
  insecureHttp?: true;
}

export const DEFAULT_PORT = 6280;

export const USAGE = `Usage: npm start -- [options]
  --port N            port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1; anything else is reachable from the network)
  --no-demo           do not start and pre-connect the built-in demo servers
  --no-open           do not open a browser
  --mcp "<cmd line>"  pre-connect a stdio MCP server (repeatable)
  --mcp-url <url>     pre-connect a remote MCP server: Streamable HTTP, falling back to SSE (repeatable)
  --agent <url>       pre-connect an ADK api_server (repeatable)
  --langgraph <url>   add a LangGraph API server (langgraphjs dev, a LangSmith deployment) (repeatable)
  --config <file>     pre-connect the MCP servers of a client's config file: mcpServers (Claude Desktop,
                      Cursor, Windsurf, Claude Code, the Inspector) or VS Code's mcp.json (repeatable)
  --server <name>     only this server of the --config files (repeatable)
  --team              team mode: sign-in through OpenID Connect (LOUPE_OIDC_ISSUER, LOUPE_OIDC_CLIENT_ID,
                      LOUPE_OIDC_CLIENT_SECRET, LOUPE_PUBLIC_URL) and roles; on by itself when LOUPE_OIDC_ISSUER is set
  --insecure-http     team mode on a non-loopback address over plain HTTP: only behind a TLS proxy
  --help              this text`;

export class CliError extends Error {}

/** `io`: where --config files are read from and which environment their placeholders see (tests pass their own). */
export function parseArgs(argv: string[], io: ConfigIo = defaultConfigIo()): BootOptions {
  const configFiles: string[] = [];
  const serverNames: string[] = [];
  const o: BootOptions = {
    port: DEFAULT_PORT,
    host: "127.0.0.1",
    demo: true,
    open: true,
    mcp: [],
    mcpUrl: [],
    agents: [],
    langgraph: [],
    dev: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith("--"))) throw new CliError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CliError(`--port takes a port number, not ${argv[i]}`);
        o.port = n;
        break;
      }
      case "--host":
        o.host = value();
        break;
      case "--no-demo":
        o.demo = false;
        break;
      case "--no-open":
        o.open = false;
        break;
      case "--dev":
        o.dev = true;
        break;
      case "--mcp": {
        const words = splitCommandLine(value());
        if (words.length === 0) throw new CliError("--mcp needs a command line");
        o.mcp.push(words);
        break;
      }
      case "--mcp-url":
        o.mcpUrl.push(checkUrl(flag, value()));
        break;
      case "--agent":
        o.agents.push(checkUrl(flag, value()));
        break;
      case "--langgraph":
        o.langgraph.push(checkUrl(flag, value()));
        break;
      case "--config":
        configFiles.push(value());
        break;
      case "--server":
        serverNames.push(value());
        break;
      case "--team":
        o.team = true;
        break;
      case "--insecure-http":
        o.insecureHttp = true;
        break;
      case "--help":
      case "-h":
        throw new CliError(USAGE);
      default:
        throw new CliError(`Unknown option ${arg}\n\n${USAGE}`);
    }
  }
  if (io.env.LOUPE_OIDC_ISSUER) o.team = true;
  if (o.team) checkTeam(o, io.env);
  if (configFiles.length || serverNames.length) o.mcpConfig = resolveConfigFlags(configFiles, serverNames, io, (m) => new CliError(m));
  return o;
}

export const LOOPBACK_HOSTS: readonly string[] = ["127.0.0.1", "localhost", "::1"];

/** Team mode needs its provider, and refuses plain HTTP off loopback unless a TLS proxy is said to be in front. */
function checkTeam(o: BootOptions, env: Record<string, string | undefined>): void {
  const missing = ["LOUPE_OIDC_ISSUER", "LOUPE_OIDC_CLIENT_ID"].filter((name) => !env[name]);
  if (missing.length) throw new CliError(`Team mode signs people in through OpenID Connect: set ${missing.join(" and ")}`);
  checkUrl("LOUPE_OIDC_ISSUER", env.LOUPE_OIDC_ISSUER ?? "");
  if (env.LOUPE_PUBLIC_URL) checkUrl("LOUPE_PUBLIC_URL", env.LOUPE_PUBLIC_URL);
  if (!LOOPBACK_HOSTS.includes(o.host) && !o.insecureHttp) {
    throw new CliError(
      `Team mode on ${o.host} would send sign-in cookies over plain HTTP: serve Loupe behind a TLS proxy and pass --insecure-http to say so, or bind 127.0.0.1`,
    );
  }
}

function checkUrl(flag: string, v: string): string {
  try {
    const u = new URL(v);
    if (u.protocol === "http:" || u.protocol === "https:") return u.toString();
  } catch {
    // fall through to the message below
  }
  throw new CliError(`${flag} takes an http(s) URL, not ${v}`);
}
