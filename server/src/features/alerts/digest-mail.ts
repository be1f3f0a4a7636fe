/**
 * The digest e-mail of one user and frequency: MJML for the HTML part (responsive, inlined styles
 * every mail client reads; decision 1010) and the same content as plain text. French, the
 * product's colours (Mantine indigo), one block per saved search or watched address with its new
 * rows, a link into the tool with the saved filters and the alert's own unsubscribe link.
 */
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import type { AlertRow } from '../saved-searches/index.js';

export interface DigestSection {
  /** « Recherche » or « Adresse surveillée ». */
  kind: 'search' | 'address';
  name: string;
  /** The tool (saved searches) or the radius (addresses), shown under the name. */
  subtitle: string;
  /** Absolute link into the tool with the saved filters (or the address analysis). */
  url: string;
  unsubscribeUrl: string;
  rows: AlertRow[];
}

export interface DigestInput {
  frequency: 'daily' | 'weekly';
  sections: DigestSection[];
  publicUrl: string;
}

/** Rows written out per section; the others are counted and reached through the link. */
export const ROWS_SHOWN = 10;

const INDIGO = '#4263eb';
const INK = '#212529';
const MUTED = '#868e96';

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function plural(n: number, one: string, many: string): string {
  return `${formatInteger(n)}${NBSP}${n > 1 ? many : one}`;
}

export function digestSubject(input: DigestInput): string {
  const total = input.sections.reduce((n, s) => n + s.rows.length, 0);
  const period = input.frequency === 'daily' ? 'du jour' : 'de la semaine';
  return `Immoloupe${NBSP}: ${plural(total, 'nouveauté', 'nouveautés')} dans vos alertes ${period}`;
}

function sectionHeading(s: DigestSection): string {
  return `${s.kind === 'search' ? 'Recherche' : 'Adresse surveillée'} « ${s.name} »`;
}

export function digestText(input: DigestInput): string {
  const lines = ['Bonjour,', '', `Voici les nouveautés de vos alertes ${input.frequency === 'daily' ? 'quotidiennes' : 'hebdomadaires'}.`];
  for (const s of input.sections) {
    lines.push('', `${sectionHeading(s)} — ${s.subtitle}`, plural(s.rows.length, 'nouvelle ligne', 'nouvelles lignes'));
    for (const r of s.rows.slice(0, ROWS_SHOWN)) lines.push(`- ${r.title}${NBSP}: ${r.detail}`, ...(r.url ? [`  ${r.url}`] : []));
    if (s.rows.length > ROWS_SHOWN) lines.push(`… et ${plural(s.rows.length - ROWS_SHOWN, 'autre', 'autres')}`);
    lines.push(`Voir dans Immoloupe${NBSP}: ${s.url}`, `Se désabonner de cette alerte${NBSP}: ${s.unsubscribeUrl}`);
  }
  lines.push('', 'L’équipe Immoloupe', `${input.publicUrl}/pro/mesrecherches`);
  return lines.join('\n');
}

/**
 * Where a value goes into the MJML: `esc` writes it (the whole document compiled for this digest),
 * a token writer leaves a placeholder (the template of the digest's shape, compiled once).
 */
type Put = (escaped: string) => string;

function sectionMjml(s: DigestSection, put: Put): string {
  const rows = s.rows
    .slice(0, ROWS_SHOWN)
    .map(
      (r) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #e9ecef"><strong>${r.url ? `<a href="${esc(r.url)}" style="color:${INDIGO}">${esc(r.title)}</a>` : esc(r.title)}</strong><br><span style="color:${MUTED}">${esc(r.detail)}</span></td></tr>`,
    )
    .join('');
  const more =
    s.rows.length > ROWS_SHOWN
      ? `<mj-text color="${MUTED}">${put(`… et ${esc(plural(s.rows.length - ROWS_SHOWN, 'autre', 'autres'))}`)}</mj-text>`
      : '';
  return `<mj-section background-color="#ffffff" padding="16px 24px" border-top="4px solid ${INDIGO}">
  <mj-column>
    <mj-text font-size="17px" font-weight="700" color="${INK}">${put(esc(sectionHeading(s)))}</mj-text>
    <mj-text color="${MUTED}" padding-top="0">${put(`${esc(s.subtitle)} · ${esc(plural(s.rows.length, 'nouvelle ligne', 'nouvelles lignes'))}`)}</mj-text>
    <mj-table font-size="14px" color="${INK}">${put(rows)}</mj-table>
    ${more}
    <mj-button href="${put(esc(s.url))}" background-color="${INDIGO}" align="left" border-radius="6px">Voir dans Immoloupe</mj-button>
    <mj-text font-size="12px" color="${MUTED}"><a href="${put(esc(s.unsubscribeUrl))}" style="color:${MUTED}">Se désabonner de cette alerte</a></mj-text>
  </mj-column>
</mj-section>
<mj-section padding="0"><mj-column><mj-spacer height="12px" /></mj-column></mj-section>`;
}

function digestMjml(input: DigestInput, put: Put): string {
  return `<mjml lang="fr">
<mj-head>
  <mj-title>${put(esc(digestSubject(input)))}</mj-title>
  <mj-preview>${put(esc(input.sections.map((s) => s.name).join(', ')))}</mj-preview>
  <mj-attributes><mj-all font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" /><mj-text font-size="14px" line-height="1.5" /></mj-attributes>
</mj-head>
<mj-body background-color="#f1f3f5" width="640px">
  <mj-section padding="24px 24px 8px"><mj-column>
    <mj-text font-size="22px" font-weight="800" color="${INDIGO}">Immoloupe</mj-text>
    <mj-text color="${INK}">Bonjour,<br>voici les nouveautés de vos alertes ${input.frequency === 'daily' ? 'quotidiennes' : 'hebdomadaires'}.</mj-text>
  </mj-column></mj-section>
  ${input.sections.map((s) => sectionMjml(s, put)).join('\n')}
  <mj-section padding="8px 24px 24px"><mj-column>
    <mj-text font-size="12px" color="${MUTED}">Vous recevez ce message parce que vous avez activé ces alertes dans Immoloupe. Gérez-les dans <a href="${put(esc(input.publicUrl))}/pro/mesrecherches" style="color:${MUTED}">Mes recherches</a> et <a href="${put(esc(input.publicUrl))}/pro/mesadresses" style="color:${MUTED}">Mes adresses</a>.</mj-text>
  </mj-column></mj-section>
</mj-body>
</mjml>`;
}

// MJML and its CSS inliner take about a second to load: only a process that writes a digest pays it.
const loadMjml = async () => (await import('mjml')).default;

/** The HTML part compiled from this digest's whole MJML document (the reference of `digestHtml`). */
export async function digestHtmlCompiled(input: DigestInput): Promise<string> {
  const mjml2html = await loadMjml();
  return (
    await mjml2html(
      digestMjml(input, (v) => v),
      { validationLevel: 'strict' },
    )
  ).html;
}

/**
 * Compiled templates by digest shape (frequency, sections, which have a « … et N autres » line):
 * MJML takes tens of milliseconds per document, and a run writes one digest per user.
 */
const templates = new Map<string, Promise<string>>();
const TOKEN = /%%(\d+)%%/g;

/** The HTML part: the template of the digest's shape, compiled once, with this digest's values put in. */
export async function digestHtml(input: DigestInput): Promise<string> {
  const values: string[] = [];
  const source = digestMjml(input, (v) => `%%${values.push(v) - 1}%%`);
  const shape = `${input.frequency}:${input.sections.map((s) => (s.rows.length > ROWS_SHOWN ? 'm' : 's')).join('')}`;
  let template = templates.get(shape);
  if (!template) {
    template = loadMjml()
      .then((mjml2html) => mjml2html(source, { validationLevel: 'strict' }))
      .then((out) => out.html);
    template.catch(() => templates.delete(shape));
    templates.set(shape, template);
  }
  return (await template).replace(TOKEN, (_, i: string) => values[Number(i)] ?? '');
}
