import "server-only";

/**
 * The inner frame's sandbox: scripts and forms, but no `allow-same-origin` (the View gets an
 * opaque origin, so one server's View cannot script another's frame on the shared sandbox
 * origin, nor read its storage), no popups (links go through `ui/open-link`, which the user
 * confirms), no top navigation.
 */
export const INNER_SANDBOX = "allow-scripts allow-forms";

/**
 * The sandbox proxy (SEP-1865 "Sandbox proxy"): served from the apps listener, a different origin
 * from Loupe's. It tells the host `ui/notifications/sandbox-proxy-ready`, loads the HTML of
 * `ui/notifications/sandbox-resource-ready` into an inner `srcdoc` frame (which inherits this
 * page's CSP header), and relays every other message both ways. Messages from the parent count
 * only from Loupe's origin; the View cannot send `ui/notifications/sandbox-*` on its own.
 */
export function sandboxPage(parentOrigin: string): string {
  const script = `(() => {
  const PARENT = ${JSON.stringify(parentOrigin)};
  const PREFIX = "ui/notifications/sandbox-";
  const PERMISSIONS = { camera: "camera", microphone: "microphone", geolocation: "geolocation", clipboardWrite: "clipboard-write" };
  if (window.parent === window) { document.body.textContent = "This page only runs inside Loupe."; return; }
  let inner = null;
  const isObject = (d) => d !== null && typeof d === "object";
  const isSandboxMethod = (d) => isObject(d) && typeof d.method === "string" && d.method.startsWith(PREFIX);
  function load(params) {
    if (inner) inner.remove();
    inner = document.createElement("iframe");
    inner.setAttribute("sandbox", ${JSON.stringify(INNER_SANDBOX)});
    inner.setAttribute("title", "MCP app");
    const allow = Object.keys(isObject(params.permissions) ? params.permissions : {}).map((k) => PERMISSIONS[k]).filter(Boolean);
    if (allow.length) inner.setAttribute("allow", allow.join("; "));
    inner.srcdoc = params.html;
    document.body.appendChild(inner);
  }
  window.addEventListener("message", (event) => {
    if (event.source === window.parent) {
      if (event.origin !== PARENT || !isObject(event.data)) return;
      if (isSandboxMethod(event.data)) {
        const p = event.data.params;
        if (event.data.method === PREFIX + "resource-ready" && isObject(p) && typeof p.html === "string") load(p);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(event.data, "*");
    } else if (inner && event.source === inner.contentWindow) {
      if (isSandboxMethod(event.data)) return;
      window.parent.postMessage(event.data, PARENT);
    }
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: PREFIX + "proxy-ready", params: {} }, PARENT);
})();`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Loupe app sandbox</title>
<style>html,body{margin:0;height:100%;background:transparent;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${script}</script></body></html>`;
}
