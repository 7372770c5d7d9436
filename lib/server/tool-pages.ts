import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import { markDuplicates, readToolsPage } from "@/lib/protocols/mcp/tool-listing";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";

export interface ToolsListing {
  /** Every tool as listed; a malformed or duplicated one carries `loupe` notes. */
  tools: ListedTool[];
  pages: number;
  listedAt: number;
}

/** Bounds a server that keeps answering with a nextCursor. */
const MAX_TOOL_PAGES = 100;
/** tools/list is read item by item by readToolsPage. */
const AnyObject = z.looseObject({});

/** Every page of tools/list (none when the server has no tools capability). */
export async function readAllTools(client: Client, timeout: number): Promise<ToolsListing> {
  const tools: ListedTool[] = [];
  let pages = 0;
  let cursor: string | undefined;
  if (client.getServerCapabilities()?.tools) {
    do {
      // Not client.listTools(): its schema refuses the whole list for one malformed tool.
      const answer = await client.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        AnyObject,
        { timeout },
      );
      const page = readToolsPage(answer);
      tools.push(...page.tools);
      pages++;
      cursor = page.nextCursor;
    } while (cursor !== undefined && pages < MAX_TOOL_PAGES);
  }
  return { tools: markDuplicates(tools), pages, listedAt: Date.now() };
}
