import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../contact/contact-message.js';
import {
  departementOfCodes,
  type ImportHintSource,
  importHintParts,
  importHintText,
  importRequestHref,
  importRequestSubject,
} from './import-hint.js';

const SOURCES: ImportHintSource[] = [
  'dvf',
  'cadastre',
  'cadastre-dvf',
  'ban',
  'dpe',
  'copro',
  'personnes-morales',
  'annonces',
  'open-data',
];

describe('the hint where data may not be imported', () => {
  it('tells a subscriber the team imports on request, with the contact form prefilled, and never Administration', () => {
    expect(importHintParts({ role: 'subscriber', source: 'dvf', departement: '93' })).toEqual({
      before: 'L’équipe Immoloupe importe les DVF du département 93 à la demande\u00a0: ',
      link: { label: 'demandez l’import', href: '/contact?objet=Import+des+DVF+du+d%C3%A9partement+93' },
      after: '.',
    });
    expect(importHintText({ role: 'subscriber', source: 'dvf', departement: '93' })).toBe(
      'L’équipe Immoloupe importe les DVF du département 93 à la demande\u00a0: demandez l’import par la page Contact.',
    );
    for (const source of SOURCES) {
      for (const role of ['subscriber', null] as const) {
        const parts = importHintParts({ role, source, departement: '2A' });
        expect(`${parts.before}${parts.link.label}${parts.after} ${importHintText({ role, source })}`).not.toMatch(/Administration/);
        expect(parts.link.href).toMatch(/^\/contact\?objet=Import\+d/);
      }
    }
  });

  it('names the data and its département in the request’s subject, within the form’s limit', () => {
    expect(importRequestSubject('dvf', '93')).toBe('Import des DVF du département 93');
    expect(importRequestSubject('cadastre', '971')).toBe('Import du cadastre du département 971');
    expect(importRequestSubject('personnes-morales', null)).toBe('Import du fichier des personnes morales');
    expect(new URL(importRequestHref('copro', '2B'), 'http://x').searchParams.get('objet')).toBe(
      'Import des copropriétés (RNIC) du département 2B',
    );
    for (const source of SOURCES) expect(importRequestSubject(source, '971').length).toBeLessThanOrEqual(CONTACT_LIMITS.subject);
  });

  it('shows an administrator the imports tab of the administration', () => {
    expect(importHintParts({ role: 'admin', source: 'dpe', departement: '93' })).toEqual({
      before: 'Un administrateur importe les DPE du département 93 depuis ',
      link: { label: 'Administration › Imports de données', href: '/pro/admin?onglet=imports' },
      after: '.',
    });
    expect(importHintText({ role: 'admin', source: 'annonces' })).toBe(
      'Un administrateur importe les flux d’annonces depuis Administration › Imports de données.',
    );
  });

  it('finds the one département of commune or parcel codes', () => {
    expect(departementOfCodes(['93010', '93008'])).toBe('93');
    expect(departementOfCodes(['93010000AB0123'])).toBe('93');
    expect(departementOfCodes(['97101', '2A004'])).toBeNull();
    expect(departementOfCodes(['2A004'])).toBe('2A');
    expect(departementOfCodes(['97101'])).toBe('971');
    expect(departementOfCodes([])).toBeNull();
    expect(departementOfCodes(['Bondy'])).toBeNull();
  });
});
