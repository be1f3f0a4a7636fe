/**
 * The digest's HTML part from a template compiled once per shape is the same, byte for byte, as
 * the whole document compiled by MJML for that digest: names with HTML characters, more rows
 * than shown, addresses, both frequencies, one shape reused with other values.
 */
import { describe, expect, it } from 'vitest';
import type { AlertRow } from '../saved-searches/index.js';
import { type DigestInput, type DigestSection, digestHtml, digestHtmlCompiled, digestText, ROWS_SHOWN } from './digest-mail.js';

const rows = (n: number, tag: string): AlertRow[] =>
  Array.from({ length: n }, (_, i) => ({
    source: 'dvf',
    id: `${tag}-${i}`,
    date: '2023-09-01',
    title: `${i + 1} avenue des « Tilleuls » & fils, Bondy ${tag}`,
    detail: `Appartement · 55\u00a0m² · 210\u202f000\u00a0€ · vendu le 01/09/2023 <${tag}>`,
  }));

const section = (name: string, n: number, kind: DigestSection['kind'] = 'search'): DigestSection => ({
  kind,
  name,
  subtitle: kind === 'search' ? 'Transactions DVF' : 'ventes DVF et DPE de la parcelle ou à moins de 300\u00a0m',
  url: `https://immoloupe.example/pro/transactions?insee=93010&types=appartement&n=${n}`,
  unsubscribeUrl: `https://immoloupe.example/brevo/alertes/desinscription?k=s%3A${n}&t=abc"def`,
  rows: rows(n, name),
});

const inputs: DigestInput[] = [
  { frequency: 'daily', publicUrl: 'https://immoloupe.example', sections: [section('Appartements <Bondy>', 3)] },
  { frequency: 'daily', publicUrl: 'https://immoloupe.example', sections: [section('Autre nom %%0%%', 2)] },
  {
    frequency: 'daily',
    publicUrl: 'https://immoloupe.example',
    sections: [
      {
        ...section('Annonces à Toulon', 0),
        rows: [
          { ...(rows(1, 'x')[0] as AlertRow), source: 'annonce', url: 'https://www.bienici.com/annonce/vente/toulon/flat/a?b=1&c="2"' },
        ],
      },
    ],
  },
  {
    frequency: 'weekly',
    publicUrl: 'http://127.0.0.1:3000',
    sections: [section('Maisons & jardins', ROWS_SHOWN + 4), section('3 rue des Maisons', 1, 'address'), section('DPE G', ROWS_SHOWN)],
  },
];

describe('digest HTML', () => {
  it('is the MJML compilation of the digest, from a template compiled once per shape', async () => {
    for (const input of inputs) {
      const html = await digestHtml(input);
      expect(html).toBe(await digestHtmlCompiled(input));
      expect(html).toContain('lang="fr"');
    }
    // A row with a page of its own links to it, escaped, in both parts.
    const listing = inputs[2] as DigestInput;
    expect(await digestHtml(listing)).toContain('href="https://www.bienici.com/annonce/vente/toulon/flat/a?b=1&amp;c=&quot;2&quot;"');
    expect(digestText(listing)).toContain('\n  https://www.bienici.com/annonce/vente/toulon/flat/a?b=1&c="2"\n');
    const again = await digestHtml(inputs[1] as DigestInput);
    expect(again).toContain('Autre nom %%0%%');
    expect(again).not.toContain('Appartements');
  });
});
