import { AlertTriangleIcon, CopyIcon } from "lucide-react";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";
import { JsonBlock } from "@/components/elements/json-block";

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${tail}`;
}

/**
 * What Loupe noticed in the server's definition of this tool: a duplicated name (which one the
 * server will run) and schema problems, with the schema as sent when the form had to replace it.
 */
export function ToolNotes({ tool }: { tool: ListedTool }) {
  const notes = tool.loupe;
  if (!notes) return null;
  const dup = notes.duplicate;
  return (
    <div className="flex flex-col gap-2">
      {dup && (
        <div
          role="note"
          data-testid="tool-duplicate"
          className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/5 p-2 text-xs"
        >
          <CopyIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden />
          <p>
            This server lists {dup.of} tools named <code className="font-mono">{tool.name}</code>; this is the {ordinal(dup.index)}, with
            its own schema. A call sends only the name, so the server chooses which one runs — usually the first one listed
            {dup.index > 1 ? ", not this one" : ", this one"}.
          </p>
        </div>
      )}
      {notes.warnings.length > 0 && (
        <div
          role="note"
          data-testid="tool-warnings"
          className="flex flex-col gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/5 p-2 text-xs"
        >
          <p className="flex items-center gap-1.5 font-medium">
            <AlertTriangleIcon className="size-3.5 shrink-0 text-amber-600" aria-hidden />
            The server&apos;s definition of this tool is not valid MCP; Loupe lists it anyway.
          </p>
          <ul className="list-disc pl-5">
            {notes.warnings.map((w) => (
              <li key={w} className="break-words">
                {w}
              </li>
            ))}
          </ul>
          {"rawInputSchema" in notes && (
            <JsonBlock title="inputSchema as the server sent it" value={notes.rawInputSchema} defaultOpen testId="raw-input-schema" />
          )}
        </div>
      )}
    </div>
  );
}
