import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import { markDuplicates, readToolsPage } from "@/lib/protocols/mcp/tool-listing";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";
import { scanParamHeaders } from "@/lib/protocols/mcp/param-headers";

export interface ToolsListing {
  /** Every tool as listed; a malformed or duplicated one carries `loupe` notes. */
  tools: ListedTool[];
  pages: number;
  listedAt: number;
  /**
   * Tools the server listed that a 2026-07-28 HTTP client must leave out (SEP-2243: their
   * `x-mcp-header` declarations break the rules, so their calls could not carry the headers).
   */
  excluded?: { name: string; reason: string }[];
  /** Why the listing stopped before the server's last page, in words (a cursor it gave again, the page cap). */
  stopped?: string;
}

/** Bounds a server that keeps answering with a nextCursor. */
const MAX_TOOL_PAGES = 100;
/** tools/list is read item by item by readToolsPage. */
const AnyObject = z.looseObject({});

/**
 * Every page of tools/list (none when the server has no tools capability). With `paramHeaders`
 * (a 2026-07-28 connection over HTTP), tools with invalid `x-mcp-header` declarations are left
 * out and named in `excluded`.
 */
export async function readAllTools(client: Client, timeout: number, opts: { paramHeaders?: boolean } = {}): Promise<ToolsListing> {
  const tools: ListedTool[] = [];
  let pages = 0;
  let cursor: string | undefined;
  let stopped: string | undefined;
  // A cursor given again would loop for ever (it was followed to the cap: 100 copies of two pages).
  const seen = new Set<string>();
  if (client.getServerCapabilities()?.tools) {
    do {
      // Not client.listTools(): its schema refuses the whole list for one malformed tool.
      const answer = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, AnyObject, { timeout });
      const page = readToolsPage(answer);
      tools.push(...page.tools);
      pages++;
      if (cursor !== undefined) seen.add(cursor);
      cursor = page.nextCursor;
      if (cursor !== undefined && seen.has(cursor)) {
        stopped = `The server gave nextCursor ${JSON.stringify(cursor)} again after page ${pages}: the listing stopped there (the pages would repeat)`;
        cursor = undefined;
      } else if (cursor !== undefined && pages >= MAX_TOOL_PAGES)
        stopped = `The server kept giving a nextCursor: the listing stopped after ${MAX_TOOL_PAGES} pages`;
    } while (cursor !== undefined && pages < MAX_TOOL_PAGES);
  }
  const excluded: { name: string; reason: string }[] = [];
  const kept = opts.paramHeaders
    ? tools.filter((tool) => {
        const scan = scanParamHeaders(tool.inputSchema);
        if (!scan.ok) excluded.push({ name: tool.name, reason: scan.reason });
        return scan.ok;
      })
    : tools;
  return {
    tools: markDuplicates(kept),
    pages,
    listedAt: Date.now(),
    ...(excluded.length ? { excluded } : {}),
    ...(stopped ? { stopped } : {}),
  };
}
