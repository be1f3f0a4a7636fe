/**
 * The legal forms a prospector filters parcels on, in words (« SCI », « SA d’HLM »), never a bare
 * INSEE code: each choice stands for the codes (catégories juridiques) it covers, as SQL `LIKE`
 * patterns (« 54% »: every SARL). A 4-digit code is still read, for saved searches and the API.
 */
export interface LegalFormChoice {
  key: string;
  label: string;
  patterns: readonly string[];
}

export const LEGAL_FORM_CHOICES: readonly LegalFormChoice[] = [
  { key: 'sci', label: 'SCI (société civile immobilière)', patterns: ['6540', '6541', '6542', '6543', '6544'] },
  { key: 'scpi', label: 'SCPI (placement immobilier)', patterns: ['6521'] },
  { key: 'sc', label: 'Autre société civile', patterns: ['6599'] },
  { key: 'sarl', label: 'SARL, EURL', patterns: ['54%'] },
  { key: 'sas', label: 'SAS, SASU', patterns: ['57%'] },
  { key: 'sa', label: 'SA (toutes, dont SA d’HLM et SEM)', patterns: ['55%', '56%'] },
  { key: 'sa-hlm', label: 'SA d’HLM', patterns: ['5546', '5547', '5646', '5647'] },
  { key: 'sem', label: 'SEM (société d’économie mixte)', patterns: ['5515', '5615'] },
  { key: 'snc', label: 'SNC (société en nom collectif)', patterns: ['52%'] },
  { key: 'gie', label: 'GIE', patterns: ['62%'] },
  { key: 'oph', label: 'Office public de l’habitat', patterns: ['7371'] },
  { key: 'commune', label: 'Commune', patterns: ['7210'] },
  {
    key: 'intercommunalite',
    label: 'Intercommunalité (métropole, communauté)',
    patterns: ['7343', '7344', '7345', '7346', '7347', '7348'],
  },
  { key: 'departement', label: 'Département', patterns: ['7220'] },
  { key: 'region', label: 'Région', patterns: ['7230'] },
  { key: 'collectivite', label: 'Autre collectivité territoriale (Ville de Paris…)', patterns: ['7225', '7229'] },
  { key: 'etat', label: 'État, ministère, service de l’État', patterns: ['71%'] },
  { key: 'epic', label: 'Établissement public industriel et commercial', patterns: ['41%'] },
  { key: 'epa', label: 'Établissement public administratif', patterns: ['73%', '7383', '7389'] },
  { key: 'copro', label: 'Syndicat de copropriétaires', patterns: ['9110'] },
  { key: 'association', label: 'Association', patterns: ['92%'] },
  { key: 'fondation', label: 'Fondation', patterns: ['93%'] },
  { key: 'autre-prive', label: 'Autre personne morale de droit privé', patterns: ['9900'] },
];

const BY_KEY = new Map(LEGAL_FORM_CHOICES.map((c) => [c.key, c]));

/** The `LIKE` patterns of a choice's key, or of a 4-digit code; null when neither. */
export function legalFormPatterns(value: string): readonly string[] | null {
  const v = value.trim().toLowerCase();
  if (/^\d{4}$/.test(v)) return [v];
  return BY_KEY.get(v)?.patterns ?? null;
}

/** The choice a filter's value stands for: its key, or the choice an INSEE code falls in (a saved search's); '' when none. */
export function legalFormChoiceKey(value: string | undefined): string {
  const v = value?.trim().toLowerCase() ?? '';
  if (BY_KEY.has(v)) return v;
  return /^\d{4}$/.test(v) ? (LEGAL_FORM_CHOICES.find((c) => c.patterns.includes(v))?.key ?? '') : '';
}
