import { getHub } from "@/lib/server/hub";
import { readEntries } from "@/lib/server/entry-reads";
import { handle, readQuery } from "@/lib/server/http";
import { entriesQuery } from "./schema";

export const dynamic = "force-dynamic";

/** Several entries by seq, whole (EntriesRead): what a byte bound left is `rest`, to read next. */
export function GET(req: Request): Promise<Response> {
  return handle(async () => {
    const { seqs } = readQuery(req, entriesQuery);
    return Response.json(readEntries(getHub().store, seqs));
  });
}
