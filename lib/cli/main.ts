import type { CliCommand } from "@/lib/cli/io";
import { processIO } from "@/lib/cli/io";

/**
 * The headless commands of `loupe-inspector` (issue 24), run by bin/loupe-inspector.mjs with the
 * `react-server` condition (so `server-only` modules load outside Next). One module per command.
 */
const COMMANDS: Record<string, () => Promise<{ run: CliCommand }>> = {
  test: () => import("@/lib/cli/test"),
};

export const CLI_COMMANDS = Object.keys(COMMANDS);

const [name = "", ...rest] = process.argv.slice(2);
const load = COMMANDS[name];
if (!load) {
  process.stderr.write(`loupe-inspector: unknown command "${name}" (commands: ${CLI_COMMANDS.join(", ")})\n`);
  process.exit(2);
}
const code = await (await load()).run(rest, processIO());
// Children are closed by the command; what else holds the loop (timers of the store) must not keep a CI job waiting.
process.exit(code);
