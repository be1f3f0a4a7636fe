/** A small standalone HTML page (no layout, no script) for links opened from an e-mail. */
export const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} — Immoloupe</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;color:#212529;margin:0}main{max-width:520px;margin:10vh auto;background:#fff;padding:32px;border-radius:8px}
button{font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#1971c2;color:#fff;cursor:pointer}a{color:#1864ab}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
