import { handle, readBody } from "@/lib/server/http";
import { forgetProviderSettings, parseProvider, saveProviderSettings } from "@/lib/server/playground/providers/keys";
import { providerKeyBody } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ provider: string }> };

export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const provider = parseProvider((await ctx.params).provider);
    const input = await readBody(req, providerKeyBody);
    return Response.json(saveProviderSettings(provider, input));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    forgetProviderSettings(parseProvider((await ctx.params).provider));
    return new Response(null, { status: 204 });
  });
}
