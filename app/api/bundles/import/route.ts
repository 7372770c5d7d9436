import { BUNDLE_MAX_BYTES } from "@/lib/contracts/bundle";
import { AppError } from "@/lib/errors";
import { getBundles } from "@/lib/server/bundles";
import { handle, readText } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Rephrases the body cap as this route's own error: the file, not "the request body", is too large. */
async function readFile(req: Request): Promise<string> {
  try {
    return await readText(req, BUNDLE_MAX_BYTES);
  } catch (e) {
    if (e instanceof AppError && e.code === "too_large:body") {
      throw new AppError("too_large:bundle", `The file is over the ${BUNDLE_MAX_BYTES / 1024 / 1024} MiB a bundle may have`, e.details);
    }
    throw e;
  }
}

/** The file's text (a Loupe bundle or a known foreign format), `?name=` its file name → 201 ImportedBundleSummary. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const text = await readFile(req);
    const name = new URL(req.url).searchParams.get("name")?.trim().slice(0, 1000) || undefined;
    return Response.json(getBundles().importText(text, name), { status: 201 });
  });
}
