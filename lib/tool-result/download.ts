/** Browser-only helpers: save a payload through a Blob + object URL (no data: URL size limits). */

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; revoking synchronously can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadText(text: string, filename: string, mimeType = "text/plain"): void {
  downloadBlob(new Blob([text], { type: `${mimeType};charset=utf-8` }), filename);
}

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64.replace(/\s/g, ""));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export function downloadBase64(b64: string, filename: string, mimeType = "application/octet-stream"): void {
  downloadBlob(new Blob([base64ToBytes(b64)], { type: mimeType }), filename);
}

/** A file name from a resource URI's last path segment, falling back to `fallback`. */
export function filenameFromUri(uri: string, fallback: string): string {
  const path = uri.split(/[?#]/)[0] ?? "";
  const last = path.split("/").filter(Boolean).pop();
  if (!last || last.includes(":")) return fallback;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
