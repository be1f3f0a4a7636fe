import { describe, expect, it } from 'vitest';
import { frenchTypography, frenchTypographyHtml } from './typography.js';

const N = '\u00a0';

describe('frenchTypography', () => {
  it('puts a no-break space before « : ; ? ! € % » where a plain one was typed', () => {
    expect(frenchTypography('Objet : le marché ; bilan ? oui ! 250 000 € et 2 %')).toBe(
      `Objet${N}: le marché${N}; bilan${N}? oui${N}! 250 000${N}€ et 2${N}%`,
    );
    // Several spaces, or a no-break space already there, make one no-break space.
    expect(frenchTypography(`Prix  : 3${N}€ ?`)).toBe(`Prix${N}: 3${N}€${N}?`);
  });

  it('separates a figure from a glued « % » or « € », not a web address’s « %20 »', () => {
    expect(frenchTypography('Baisse de 2% en un an, 300€.')).toBe(`Baisse de 2${N}% en un an, 300${N}€.`);
    expect(frenchTypography('https://exemple.fr/a%20b?c=1')).toBe('https://exemple.fr/a%20b?c=1');
  });

  it('puts no-break spaces inside guillemets, typed with or without spaces', () => {
    expect(frenchTypography('la rubrique « Mes annonces » et «Ma zone»')).toBe(`la rubrique «${N}Mes annonces${N}» et «${N}Ma zone${N}»`);
  });

  it('leaves what has no space to replace: hours, « ?! » after a word, narrow no-break spaces', () => {
    expect(frenchTypography('à 10:30, quoi?!')).toBe('à 10:30, quoi?!');
    expect(frenchTypography('«\u202fdéjà\u202f» : oui')).toBe(`«\u202fdéjà\u202f»${N}: oui`);
    expect(frenchTypography(`Déjà${N}: bon`)).toBe(`Déjà${N}: bon`);
  });
});

describe('frenchTypographyHtml', () => {
  it('changes the text and leaves tags and attributes alone', () => {
    expect(frenchTypographyHtml('<p>Bonjour : <a href="https://x.fr/?a=1&amp;b=2%20c">voir ici</a> !</p>')).toBe(
      `<p>Bonjour${N}: <a href="https://x.fr/?a=1&amp;b=2%20c">voir ici</a>${N}!</p>`,
    );
  });

  it('counts the editor’s &nbsp; as a space, and spans guillemets over tags', () => {
    expect(frenchTypographyHtml('<p>«&nbsp;<strong>Mes annonces</strong>&nbsp;» et 2&nbsp;%</p>')).toBe(
      `<p>«${N}<strong>Mes annonces</strong>${N}» et 2${N}%</p>`,
    );
    expect(frenchTypographyHtml('<p>«<em>x</em>»</p>')).toBe(`<p>«${N}<em>x</em>${N}»</p>`);
  });
});
