import { collectSurface, SURFACE_LISTS } from "@/lib/surface";
import type { SurfaceSnapshot } from "@/lib/surface";
import { parse, SERVER_HELP, SERVER_OPTIONS, timeoutOf } from "./args";
import { CliError, EXIT } from "./io";
import type { CliEntry, CliIO } from "./io";
import { withServer } from "./target";

const help = `loupe-inspector list <server> [--json]

Lists the server's tools, prompts, resources and resource templates, one a line with its description.
${SERVER_HELP}
  --json   print the four lists as JSON
`;

const TITLE = { tools: "Tools", prompts: "Prompts", resources: "Resources", resourceTemplates: "Resource templates" } as const;
const KEY = { tools: "name", prompts: "name", resources: "uri", resourceTemplates: "uriTemplate" } as const;

function firstLine(value: unknown): string {
  return typeof value === "string" ? (value.split("\n")[0] ?? "").slice(0, 120) : "";
}

export function listText(s: SurfaceSnapshot): string {
  const lines: string[] = [];
  if (s.server) lines.push(`${s.server.name} ${s.server.version} (protocol ${s.protocolVersion ?? "unknown"})`);
  for (const list of SURFACE_LISTS) {
    lines.push(`${TITLE[list]} (${s[list].length}):`);
    for (const item of s[list]) {
      const about = firstLine(item.description) || firstLine(item.title);
      lines.push(`  ${String(item[KEY[list]])}${about ? `  ${about}` : ""}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse([...argv], { ...SERVER_OPTIONS, json: { type: "boolean" } });
  if (values.help) {
    io.stdout(help);
    return EXIT.ok;
  }
  const [server, ...rest] = positionals;
  if (!server || rest.length) throw new CliError("list takes one <server> (loupe-inspector list --help)");
  const s = await withServer(server, values.config ?? [], timeoutOf(values.timeout), io, (session) => collectSurface(session.client));
  for (const note of s.notes) io.stderr(`note: ${note}\n`);
  if (values.json) {
    const { tools, prompts, resources, resourceTemplates } = s;
    io.stdout(`${JSON.stringify({ tools, prompts, resources, resourceTemplates }, null, 2)}\n`);
  } else io.stdout(listText(s));
  return EXIT.ok;
}

export const listCommand: CliEntry = { name: "list", summary: "list a server's tools, prompts, resources and templates", run };
