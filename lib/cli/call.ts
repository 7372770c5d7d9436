import { isRecord } from "@/lib/values";
import { parse, SERVER_HELP, SERVER_OPTIONS, timeoutOf } from "./args";
import { CliError, EXIT } from "./io";
import type { CliEntry, CliIO } from "./io";
import { withServer } from "./target";

const help = `loupe-inspector call <server> <tool> [--args <json>] [--json]

Calls one tool and prints what came back: its text content, then its structured content as JSON
(--json prints the whole result). Exit code: 0 when the call succeeded, 1 when the result has
isError or the call failed, 2 when the server could not be reached.
${SERVER_HELP}
  --args <json>   the tool's arguments, a JSON object (default {})
  --json          print the whole result as JSON
`;

function argsOf(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new CliError(`--args is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isRecord(value)) throw new CliError("--args must be a JSON object of argument name → value");
  return value;
}

/** A result as a person reads it: text blocks as text, everything else as JSON. */
export function resultText(result: unknown): string {
  if (!isRecord(result)) return `${JSON.stringify(result, null, 2)}\n`;
  const parts: string[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    if (isRecord(block) && block.type === "text" && typeof block.text === "string") parts.push(block.text);
    else parts.push(JSON.stringify(block, null, 2));
  }
  if (result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  return `${parts.join("\n")}\n`;
}

async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse([...argv], { ...SERVER_OPTIONS, args: { type: "string" }, json: { type: "boolean" } });
  if (values.help) {
    io.stdout(help);
    return EXIT.ok;
  }
  const [server, tool, ...rest] = positionals;
  if (!server || !tool || rest.length) throw new CliError("call takes <server> <tool> (loupe-inspector call --help)");
  const args = argsOf(values.args);
  return withServer(server, values.config ?? [], timeoutOf(values.timeout), io, async ({ client }) => {
    let result: unknown;
    try {
      result = await client.callTool({ name: tool, arguments: args });
    } catch (e) {
      io.stderr(`call ${tool} failed: ${e instanceof Error ? e.message : String(e)}\n`);
      return EXIT.no;
    }
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : resultText(result));
    if (isRecord(result) && result.isError === true) {
      io.stderr(`${tool} returned isError: true\n`);
      return EXIT.no;
    }
    return EXIT.ok;
  });
}

export const callCommand: CliEntry = { name: "call", summary: "call one tool and print the result; exit 1 on isError", run };
