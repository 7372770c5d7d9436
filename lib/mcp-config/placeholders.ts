import { SECRET_MASK } from "@/lib/contracts/connections";

/**
 * The `${…}` placeholders of MCP config files, resolved where the file's own rules say how and
 * reported in words where they do not (issue 22): a placeholder is never sent to a server verbatim.
 *
 * - VS Code `mcp.json`: `${env:VAR}`, `${input:id}` (a prompt VS Code shows: Loupe cannot ask it),
 *   `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`, `${pathSeparator}` / `${/}`.
 * - Cursor and Windsurf (`mcpServers`): the same `${env:VAR}` / `${userHome}` / `${workspaceFolder}`;
 *   Windsurf's `${file:/path}` (Loupe does not read other files for a config).
 * - Claude Code `.mcp.json`: `${VAR}` and `${VAR:-default}` from the environment.
 */

export interface ResolveContext {
  /** The environment `${env:VAR}` and Claude Code's `${VAR}` read (the launcher's, or the server's). */
  env: Record<string, string | undefined>;
  /** The folder `${workspaceFolder}` means: known for a file on disk, not for pasted text. */
  workspaceFolder?: string;
  /** The user's home folder, for `${userHome}`. */
  home?: string;
  /** VS Code's `inputs` by id: their descriptions make the message clearer. */
  inputs?: ReadonlyMap<string, string>;
}

export interface Unresolved {
  placeholder: string;
  why: string;
}

export interface Resolved {
  value: string;
  unresolved: Unresolved[];
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const BARE_VAR = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

function basename(folder: string): string {
  const parts = folder.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? folder;
}

/** One placeholder's body (what is between `${` and `}`): its value, or why there is none. */
function resolveOne(body: string, ctx: ResolveContext, claudeCodeVars: boolean): string | { why: string } {
  const token = `\`\${${body}}\``;
  if (body.startsWith("env:")) {
    const name = body.slice(4);
    const value = ctx.env[name];
    return value !== undefined ? value : { why: `${token}: ${name} is not set in Loupe's environment` };
  }
  if (body.startsWith("input:")) {
    const id = body.slice(6);
    const description = ctx.inputs?.get(id);
    return {
      why: `${token} is a VS Code input prompt${description ? ` ("${description}")` : ""}: Loupe cannot ask for it; fill it in after import`,
    };
  }
  if (body.startsWith("file:")) return { why: `${token} reads another file: Loupe does not; fill it in after import` };
  if (body === "workspaceFolder" || body === "workspaceFolderBasename") {
    if (!ctx.workspaceFolder) return { why: `${token}: Loupe does not know the workspace folder of a pasted file` };
    return body === "workspaceFolder" ? ctx.workspaceFolder : basename(ctx.workspaceFolder);
  }
  if (body === "userHome") return ctx.home ?? { why: `${token}: Loupe does not know the home folder here` };
  if (body === "pathSeparator" || body === "/") return "/";
  const bare = claudeCodeVars ? BARE_VAR.exec(body) : null;
  if (bare) {
    const value = ctx.env[bare[1]!];
    // `:-` is the shell's: an empty value takes the default too.
    if (value !== undefined && (value !== "" || bare[2] === undefined)) return value;
    if (bare[2] !== undefined) return bare[2];
    return { why: `${token}: ${bare[1]} is not set in Loupe's environment and has no default` };
  }
  return { why: `${token} is a variable Loupe cannot resolve` };
}

/**
 * A string with its placeholders replaced. `claudeCodeVars`: `${VAR}` / `${VAR:-default}` count
 * (the `mcpServers` shape, as Claude Code reads it). A value equal to Loupe's own secret mask (a file
 * Loupe exported without secrets) is unresolved too: the mask is not the secret.
 */
export function resolvePlaceholders(text: string, ctx: ResolveContext, claudeCodeVars: boolean): Resolved {
  if (text.includes(SECRET_MASK)) {
    return {
      value: "",
      unresolved: [{ placeholder: SECRET_MASK, why: "a masked secret (exported without secrets): fill it in after import" }],
    };
  }
  const unresolved: Unresolved[] = [];
  const value = text.replace(PLACEHOLDER, (whole, body: string) => {
    const got = resolveOne(body, ctx, claudeCodeVars);
    if (typeof got === "string") return got;
    unresolved.push({ placeholder: whole, why: got.why });
    return whole;
  });
  return { value, unresolved };
}
