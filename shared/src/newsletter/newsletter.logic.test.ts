import { describe, expect, it } from 'vitest';
import { newsletterHtml, newsletterText } from './newsletter.logic.js';

describe('newsletter e-mail', () => {
  it('frames the body with the escaped preheader and the unsubscribe link', () => {
    const html = newsletterHtml({
      subject: 'Prix <2026>',
      preheader: 'Les prix & les ventes',
      bodyHtml: '<p>Bonjour</p>',
      unsubscribeUrl: 'https://immoloupe.fr/brevo/desinscription?u=1&t=x',
    });
    expect(html).toContain('<title>Prix &lt;2026&gt;</title>');
    expect(html).toContain('>Les prix &amp; les ventes</span>');
    expect(html).toContain('<p>Bonjour</p>');
    expect(html).toContain('href="https://immoloupe.fr/brevo/desinscription?u=1&amp;t=x"');
  });
  it('writes a plain-text part', () => {
    expect(newsletterText({ bodyHtml: '<h2>Titre</h2><p>Un &amp; deux<br>trois</p>', unsubscribeUrl: 'https://x/d' })).toBe(
      'Titre\n\nUn & deux\ntrois\n\n—\nSe désinscrire\u00a0: https://x/d',
    );
  });
});
