import "server-only";
import { z } from "zod";

/**
 * The CSP a `ui://` resource declares in `_meta.ui.csp` (SEP-1865 "UI Resource Format"). Only
 * origins are kept: a source that is not `scheme://host[:port][/path]` (optionally `*.` before the
 * host) is dropped, so a declared `'unsafe-eval'`, a bare `*`, `https:` or a `;` cannot widen or
 * break the policy ("No Loosening": the host MUST NOT allow what was not declared as a domain).
 */
export const AppCsp = z
  .object({
    connectDomains: z.array(z.string()).max(100).optional(),
    resourceDomains: z.array(z.string()).max(100).optional(),
    frameDomains: z.array(z.string()).max(100).optional(),
    baseUriDomains: z.array(z.string()).max(100).optional(),
  })
  .partial();
export type AppCsp = z.infer<typeof AppCsp>;

const ORIGIN_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?$/i;

/** The declared sources that are plain origins; the rest are reported, never used. */
export function cleanSources(list: string[] | undefined): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const s of list ?? []) (ORIGIN_SOURCE.test(s) && s.length <= 300 ? kept : dropped).push(s);
  return { kept: [...new Set(kept)], dropped };
}

/**
 * The sandbox page's Content-Security-Policy. The View's document (the inner `srcdoc` frame)
 * inherits it. Without declarations this is the spec's restrictive default (no network at all);
 * declared domains are added to the directives the spec maps them to. `frame-ancestors` names
 * the one Loupe origin that may embed the sandbox; `form-action 'none'` closes the one way out
 * that `connect-src` does not cover (a host MAY restrict further).
 */
export function buildSandboxCsp(csp: AppCsp | undefined, parentOrigin: string): string {
  const res = cleanSources(csp?.resourceDomains).kept.join(" ");
  const connect = cleanSources(csp?.connectDomains).kept.join(" ");
  const frame = cleanSources(csp?.frameDomains).kept.join(" ");
  const base = cleanSources(csp?.baseUriDomains).kept.join(" ");
  const withRes = (head: string) => `${head}${res ? ` ${res}` : ""}`;
  return [
    "default-src 'none'",
    withRes("script-src 'self' 'unsafe-inline'"),
    withRes("style-src 'self' 'unsafe-inline'"),
    withRes("img-src 'self' data:"),
    withRes("font-src 'self' data:"),
    withRes("media-src 'self' data:"),
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frame || "'none'"}`,
    "object-src 'none'",
    `base-uri ${base || "'self'"}`,
    "form-action 'none'",
    `frame-ancestors ${parentOrigin}`,
  ].join("; ");
}
