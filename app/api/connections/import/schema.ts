import { MAX_CONFIG_BYTES } from "@/lib/contracts/mcp-config";
import { AppError } from "@/lib/errors";
import { parseBodyText, readText } from "@/lib/server/http";
import type { z } from "zod";

/** Room for the JSON around the text (its escaping, the names picked) above the text's own cap. */
const BODY_LIMIT = MAX_CONFIG_BYTES * 2 + 64 * 1024;

function tooLarge(details?: unknown): AppError {
  return new AppError("too_large:config", `The config text is over the ${MAX_CONFIG_BYTES / 1024 / 1024} MiB Loupe reads`, details);
}

/** The body of an import route; over the cap it is this route's own 413 (the config, not "the request body", is too large). */
export async function readImportBody<S extends z.ZodType<{ text: string }>>(req: Request, schema: S): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await readText(req, BODY_LIMIT);
  } catch (e) {
    if (e instanceof AppError && e.code === "too_large:body") {
      throw tooLarge(e.details);
    }
    throw e;
  }
  const body = parseBodyText(text, schema);
  if (Buffer.byteLength(body.text) > MAX_CONFIG_BYTES) throw tooLarge();
  return body;
}
