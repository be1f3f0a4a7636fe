/**
 * The letters of a prospecting list as one self-contained HTML document (A4, one page per target),
 * printed to PDF by the reports' headless Chromium: the agency identity of /pro/template, the
 * recipient and the address of the target, and the body the user edited for its reader (the owner,
 * or a co-ownership's syndic), merge fields filled in.
 */

import { displayAddress } from '@immoloupe/shared/address-display';
import { formatDate } from '@immoloupe/shared/format';
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { audienceOf, fillLetter, type LetterAudience, recipientOf, salutationOf } from '@immoloupe/shared/prospecting/letters.logic';

export interface LetterAgency {
  name: string;
  contact: string;
  logo: { data: Buffer; type: string } | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const lines = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

export function lettersHtml(
  targets: readonly ProspectingTarget[],
  bodies: Record<LetterAudience, string>,
  agency: LetterAgency,
  today: Date,
): string {
  const date = formatDate(today);
  const logo = agency.logo ? `<img class="logo" alt="" src="data:${agency.logo.type};base64,${agency.logo.data.toString('base64')}">` : '';
  const pages = targets.map((t) => {
    const text = fillLetter(bodies[audienceOf(t)], {
      destinataire: salutationOf(t),
      // Targets added before register addresses were written as the BAN does keep their raw text.
      adresse: displayAddress(t.address || t.label),
      libelle: t.label,
      agence: agency.name,
      contact_agence: agency.contact,
      date,
    });
    const paragraphs = text
      .split(/\n{2,}/)
      .map((p) => `<p>${lines(p)}</p>`)
      .join('');
    return `<section class="letter">
  <header>${logo}<div class="agency"><strong>${escapeHtml(agency.name)}</strong><br>${lines(agency.contact)}</div></header>
  <div class="recipient">${escapeHtml(recipientOf(t))}<br>${lines(t.address || t.label)}</div>
  <p class="date">Le ${date}</p>
  <div class="body">${paragraphs}</div>
</section>`;
  });
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><title>Lettres de prospection</title><style>
@page { size: A4; margin: 20mm 18mm; }
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 11pt; color: #1b1b1b; margin: 0; }
.letter { break-after: page; }
.letter:last-child { break-after: auto; }
header { display: flex; gap: 12px; align-items: flex-start; min-height: 30mm; }
.logo { max-height: 24mm; max-width: 50mm; }
.recipient { margin: 12mm 0 10mm 90mm; line-height: 1.4; }
.date { text-align: right; }
.body p { line-height: 1.5; margin: 0 0 4mm; text-align: justify; }
</style></head><body>${pages.join('\n')}</body></html>`;
}
