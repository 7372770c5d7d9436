import { collectSurface, snapshotText, surfaceCounts } from "@/lib/surface";
import { parse, SERVER_HELP, SERVER_OPTIONS, timeoutOf } from "./args";
import { writeFile } from "./files";
import { CliError, EXIT } from "./io";
import type { CliEntry, CliIO } from "./io";
import { withServer } from "./target";

const help = `loupe-inspector snapshot <server> [-o file]

Writes the server's surface (tools, resources, resource templates and prompts with their schemas,
annotations and _meta, every page read, in a stable order) as a loupe-surface JSON file: to the
file given with -o, else to stdout. Keep it in your repository and compare with \`diff\`.
${SERVER_HELP}
  -o, --output <file>   where to write the snapshot
`;

async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse([...argv], { ...SERVER_OPTIONS, output: { type: "string", short: "o" } });
  if (values.help) {
    io.stdout(help);
    return EXIT.ok;
  }
  const [server, ...rest] = positionals;
  if (!server || rest.length) throw new CliError("snapshot takes one <server> (loupe-inspector snapshot --help)");
  const snapshot = await withServer(server, values.config ?? [], timeoutOf(values.timeout), io, (s) => collectSurface(s.client));
  for (const note of snapshot.notes) io.stderr(`note: ${note}\n`);
  if (values.output) {
    writeFile(values.output, snapshotText(snapshot), io);
    io.stderr(`${values.output}: ${surfaceCounts(snapshot)}\n`);
  } else io.stdout(snapshotText(snapshot));
  return EXIT.ok;
}

export const snapshotCommand: CliEntry = {
  name: "snapshot",
  summary: "write a server's surface (tools, resources, prompts) to a file",
  run,
};
