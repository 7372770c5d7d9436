import { toWellFormed } from "@/lib/contracts/wire-strings";

/**
 * The file name a bundle is saved under: its title made safe, `.loupe.json`. Pure, so the export
 * route (Content-Disposition) and the browser's download name it alike.
 */
export function bundleFileName(title: string): string {
  const base = title
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
  return `${base || "loupe-bundle"}.loupe.json`;
}

/**
 * A Content-Disposition for a download named `name`, whatever its characters: an HTTP header is
 * Latin-1 and one line, so a name with € or a line break in it (an imported file's own name) made
 * the route throw (500). The quoted name is its ASCII shape; `filename*` (RFC 6266) carries it whole.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  if (ascii === name) return `attachment; filename="${name}"`;
  const whole = encodeURIComponent(toWellFormed(name)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${whole}`;
}
