import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

/**
 * Any /api path no route serves (a typo, an id of `..` that the URL parser resolved away): a JSON
 * 404 with its own code, like every route's errors. Next answered its HTML 404 page.
 */
function unknown(req: Request): Response {
  const { pathname } = new URL(req.url);
  return new AppError("not_found:api_route", `No API route at ${pathname}`).toResponse();
}

export const GET = unknown;
export const HEAD = unknown;
export const POST = unknown;
export const PUT = unknown;
export const PATCH = unknown;
export const DELETE = unknown;
export const OPTIONS = unknown;
