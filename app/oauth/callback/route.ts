import { handleOAuthCallback } from "@/lib/server/mcp/oauth";

export const dynamic = "force-dynamic";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, extraHead = ""): Response {
  const html = `<!doctype html><meta charset="utf-8"><title>Loupe: ${escape(title)}</title>${extraHead}
<body style="font:15px system-ui;margin:4rem auto;max-width:36rem;color:#222" data-testid="oauth-callback">
<h1 style="font-size:1.3rem">${escape(title)}</h1>${body}</body>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Where the authorization server sends the browser back (the launcher's gate lets it through
 * without Loupe's token only with a pending `state`). On success the page forwards to the
 * connection's Auth tab itself; the workbench there reads Loupe's token from the origin's
 * localStorage (lib/client-token.ts), since no navigation carries it.
 */
export async function GET(req: Request): Promise<Response> {
  const outcome = await handleOAuthCallback(new URL(req.url).searchParams);
  if (outcome.ok) {
    const target = `/?c=${encodeURIComponent(outcome.connectionId)}&tab=auth`;
    return page(
      "Authorized",
      `<p>Loupe got a token and is reconnecting the server.</p><p><a href="${escape(target)}" data-testid="oauth-back">Back to Loupe</a></p>
<script>location.replace(${JSON.stringify(target)})</script>`,
      `<meta http-equiv="refresh" content="0;url=${escape(target)}">`,
    );
  }
  const back = outcome.connectionId ? `/?c=${encodeURIComponent(outcome.connectionId)}&tab=auth` : "/";
  return page(
    "Authorization failed",
    `<p role="alert" data-testid="oauth-error">${escape(outcome.message)}.</p>
<p><a href="${escape(back)}" data-testid="oauth-back">Back to Loupe</a> — the Auth tab of the connection shows each step of the flow.</p>`,
  );
}
