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
