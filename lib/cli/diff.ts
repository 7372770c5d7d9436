import { diffSurfaces, diffText } from "@/lib/surface";
import { parse, SERVER_HELP, SERVER_OPTIONS, timeoutOf } from "./args";
import { snapshotOf } from "./files";
import { CliError, EXIT } from "./io";
import type { CliEntry, CliIO } from "./io";

const help = `loupe-inspector diff <a> <b> [--json]

Compares two surfaces: <a> and <b> are each a snapshot file (from \`snapshot\`) or a server, so
\`diff surface.json <server>\` checks a live server against the file kept in the repository.
Prints breaking changes first (a removed tool, prompt or resource template, a new required
argument, a removed argument, a narrower type or enum, also inside anyOf / oneOf / $ref, an
incompatible outputSchema, a tool that is no longer read-only …), then additions, other changes
(a removed resource: resources are data) and cosmetic ones, each with its JSON path. A list one
side could not read whole is not compared, and the diff says so.

Exit code: 1 when a change is breaking, 0 otherwise, 2 when a side could not be read.
${SERVER_HELP}
  --json   print the diff as JSON ({ changes, counts, breaking })
`;

async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse([...argv], { ...SERVER_OPTIONS, json: { type: "boolean" } });
  if (values.help) {
    io.stdout(help);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new CliError("diff takes two sides: <a> <b> (loupe-inspector diff --help)");
  const ms = timeoutOf(values.timeout);
  const configs = values.config ?? [];
  const [a, b] = positionals;
  const before = await snapshotOf(String(a), configs, ms, io);
  const after = await snapshotOf(String(b), configs, ms, io);
  const diff = diffSurfaces(before, after);
  io.stdout(values.json ? `${JSON.stringify(diff, null, 2)}\n` : diffText(diff));
  return diff.breaking ? EXIT.no : EXIT.ok;
}

export const diffCommand: CliEntry = {
  name: "diff",
  summary: "compare two surfaces (files or servers); exit 1 on a breaking change",
  run,
};
