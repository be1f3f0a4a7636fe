/**
 * The letters of a prospecting list as one self-contained HTML document (A4, one page per target),
 * printed to PDF by the reports' headless Chromium: the agency identity of /pro/template, the
 * recipient and the address of the target, the date, then the « Objet » line and the body the user
 * edited for its reader (the owner, or a co-ownership's syndic), merge fields filled in. The body is
 * set ragged right: justified, a narrow A4 column opened wide gaps between the words.
 */

import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import {
  agencyTown,
  audienceOf,
  fillLetter,
  type LetterAudience,
  letterDateLine,
  letterSubject,
  letterValues,
  recipientBlockOf,
} from '@immoloupe/shared/prospecting/letters.logic';

export interface LetterAgency {
  name: string;
  contact: string;
  logo: { data: Buffer; type: string } | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const lines = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

/** What the user wrote for one reader: the « Objet » line and the body, merge fields unfilled. */
export interface LetterText {
  subject: string;
  body: string;
}

export function lettersHtml(
  targets: readonly ProspectingTarget[],
  letters: Record<LetterAudience, LetterText>,
  agency: LetterAgency,
  today: Date,
): string {
  const dateLine = letterDateLine(today, agencyTown(agency.contact));
  const logo = agency.logo ? `<img class="logo" alt="" src="data:${agency.logo.type};base64,${agency.logo.data.toString('base64')}">` : '';
  const pages = targets.map((t) => {
    const letter = letters[audienceOf(t)];
    const values = letterValues(t, agency, today);
    const recipient = recipientBlockOf(t);
    const text = fillLetter(letter.body, values);
    const subject = letterSubject(letter.subject, values);
    const paragraphs = text
      .split(/\n{2,}/)
      .map((p) => `<p>${lines(p)}</p>`)
      .join('');
    return `<section class="letter">
  <header>${logo}<div class="agency"><strong>${escapeHtml(agency.name)}</strong><br>${lines(agency.contact)}</div></header>
  <div class="recipient">${recipient.lines.map((l) => `<div>${escapeHtml(l)}</div>`).join('')}</div>
  ${recipient.note ? `<p class="delivery">${escapeHtml(recipient.note)}</p>` : ''}
  <p class="date">${escapeHtml(dateLine)}</p>
  ${subject ? `<p class="subject"><strong>Objet\u00a0:</strong> ${escapeHtml(subject)}</p>` : ''}
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
/* One item a line (NF Z10-011): a wrapped line, postcode above town, reads as two items. */
.recipient { margin: 12mm 0 10mm 90mm; line-height: 1.4; font-size: 10pt; }
.recipient div { white-space: nowrap; }
.delivery { margin: -8mm 0 6mm 90mm; font-size: 8pt; color: #555; }
.date { text-align: right; }
.subject { margin: 6mm 0; }
.body p { line-height: 1.5; margin: 0 0 4mm; text-align: left; }
</style></head><body>${pages.join('\n')}</body></html>`;
}
