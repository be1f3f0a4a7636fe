/**
 * The e-mail a newsletter becomes: the sanitised body inside a simple 600 px frame, the
 * preheader (the line mail clients show after the subject) hidden at the top, and the
 * unsubscribe link at the bottom. The same function builds the admin preview and the e-mail.
 */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function newsletterHtml(input: { subject: string; preheader: string; bodyHtml: string; unsubscribeUrl: string }): string {
  const unsubscribe = escapeHtml(input.unsubscribeUrl);
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;">
<span style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(input.preheader)}</span>
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#212529;">
${input.bodyHtml}
<hr style="border:none;border-top:1px solid #dee2e6;margin:32px 0 16px;">
<p style="font-size:12px;color:#495057;">Vous recevez cette lettre parce que vous avez accepté les nouvelles d’Immoloupe.
<a href="${unsubscribe}" style="color:#1c7ed6;">Se désinscrire en un clic</a></p>
</div></body></html>`;
}

/** Plain-text part: the body without tags, and the unsubscribe link. */
export function newsletterText(input: { bodyHtml: string; unsubscribeUrl: string }): string {
  const text = input.bodyHtml
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${text}\n\n—\nSe désinscrire\u00a0: ${input.unsubscribeUrl}`;
}
