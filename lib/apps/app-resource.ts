import { APP_MIME_TYPE } from "@/lib/apps/tool-ui";
import { isRecord } from "@/lib/values";

/** What the host needs from the `resources/read` answer of a `ui://` resource (SEP-1865). */
export interface AppResource {
  html: string;
  mimeType: string | null;
  csp: { connectDomains?: string[]; resourceDomains?: string[]; frameDomains?: string[]; baseUriDomains?: string[] } | undefined;
  permissions: Record<string, object> | undefined;
  prefersBorder: boolean | undefined;
  /** Sentences about what is off but not fatal (another MIME type). */
  warnings: string[];
}

const record = (v: unknown): Record<string, unknown> | undefined => (isRecord(v) ? v : undefined);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined);

function decodeBase64(b64: string): string {
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The app's HTML (`text`, or `blob` as base64) and its `_meta.ui` (csp, permissions,
 * prefersBorder) from the content item of the resource's URI (the first item otherwise).
 * Returns a sentence instead when there is no HTML to show.
 */
export function parseAppResource(result: unknown, uri: string): AppResource | { error: string } {
  const contents = record(result)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) return { error: `The server returned no contents for ${uri}` };
  const items = contents.map(record).filter((c): c is Record<string, unknown> => c !== undefined);
  const item = items.find((c) => c.uri === uri) ?? items[0];
  if (!item) return { error: `The server returned no contents for ${uri}` };
  let html: string;
  if (typeof item.text === "string") html = item.text;
  else if (typeof item.blob === "string") {
    try {
      html = decodeBase64(item.blob);
    } catch {
      return { error: `The resource's blob is not valid base64` };
    }
  } else return { error: `The resource has neither text nor blob` };
  const mimeType = typeof item.mimeType === "string" ? item.mimeType : null;
  const warnings = mimeType === APP_MIME_TYPE ? [] : [`MIME type is ${mimeType ?? "missing"}, not ${APP_MIME_TYPE}`];
  const ui = record(record(item._meta)?.ui);
  const csp = record(ui?.csp);
  return {
    html,
    mimeType,
    csp: csp
      ? {
          connectDomains: strings(csp.connectDomains),
          resourceDomains: strings(csp.resourceDomains),
          frameDomains: strings(csp.frameDomains),
          baseUriDomains: strings(csp.baseUriDomains),
        }
      : undefined,
    permissions: record(ui?.permissions) as Record<string, object> | undefined,
    prefersBorder: typeof ui?.prefersBorder === "boolean" ? ui.prefersBorder : undefined,
    warnings,
  };
}

/** The sandbox page's address: Loupe's origin as `parent`, the declared CSP as JSON. */
export function sandboxUrl(sandboxOrigin: string, parentOrigin: string, csp: AppResource["csp"]): string {
  const q = new URLSearchParams({ parent: parentOrigin });
  if (csp) q.set("csp", JSON.stringify(csp));
  return `${sandboxOrigin}/sandbox?${q.toString()}`;
}
