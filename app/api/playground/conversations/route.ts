import { ConversationInput } from "@/lib/contracts/playground";
import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";

export const dynamic = "force-dynamic";

/** Conversation[], the most recently active first. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getPlayground().list()));
}

export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, ConversationInput);
    return Response.json(getPlayground().create(input), { status: 201 });
  });
}
