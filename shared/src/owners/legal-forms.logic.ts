/**
 * Legal-entity owners of parcels (DGFiP « Fichiers des personnes morales »): the INSEE legal form
 * code (catégorie juridique, 4 digits) as a French label, the kind of right as a label, and the
 * group a prospector filters on (SCI, commune, HLM office, État…), from the DGFiP « groupe
 * personne » (0–9) first and the legal form when the group is « non remarquable ».
 */

export const OWNER_GROUPS = [
  'etat',
  'region',
  'departement',
  'commune',
  'hlm',
  'sem',
  'coproprietaires',
  'etablissement_public',
  'sci',
  'societe',
  'association',
  'autre',
] as const;
export type OwnerGroup = (typeof OWNER_GROUPS)[number];

export const OWNER_GROUP_LABELS: Record<OwnerGroup, string> = {
  etat: 'État',
  region: 'Région',
  departement: 'Département',
  commune: 'Commune ou intercommunalité',
  hlm: 'Office HLM, bailleur social',
  sem: 'Société d’économie mixte',
  coproprietaires: 'Syndicat de copropriétaires',
  etablissement_public: 'Établissement public',
  sci: 'SCI, société civile immobilière',
  societe: 'Société',
  association: 'Association, fondation',
  autre: 'Autre personne morale',
};

/** Code droit of the DGFiP files (the letter before « - » in the published value). */
export const RIGHT_LABELS: Record<string, string> = {
  P: 'Propriétaire',
  U: 'Usufruitier',
  N: 'Nu-propriétaire',
  B: 'Bailleur à construction',
  R: 'Preneur à construction',
  F: 'Foncier',
  T: 'Tenuyer',
  D: 'Domanier',
  V: 'Bailleur d’un bail à réhabilitation',
  W: 'Preneur d’un bail à réhabilitation',
  A: 'Locataire-attributaire',
  E: 'Emphytéote',
  K: 'Antichrésiste',
  L: 'Fonctionnaire logé',
  G: 'Gérant, mandataire, gestionnaire',
  S: 'Syndic de copropriété',
  H: 'Associé dans une société en transparence fiscale',
  O: 'Autorisation d’occupation temporaire',
  J: 'Jeune agriculteur',
  Q: 'Gestionnaire taxe sur les bureaux',
  X: 'La Poste, occupant et propriétaire',
  Y: 'La Poste, occupant et non propriétaire',
  C: 'Fiduciaire',
  M: 'Occupant d’une parcelle appartenant au département de Mayotte ou à l’État',
  Z: 'Gestion d’un bien de l’État',
};

/** Level III labels of the codes met in the files; others fall back to their level II family. */
const FORMS: Record<string, string> = {
  '4110': 'Établissement public national à caractère industriel ou commercial doté d’un comptable public',
  '4120': 'Établissement public national à caractère industriel ou commercial non doté d’un comptable public',
  '4140': 'Établissement public local à caractère industriel ou commercial',
  '4150': 'Régie d’une collectivité locale à caractère industriel ou commercial',
  '4160': 'Institution Banque de France',
  '5202': 'Société en nom collectif',
  '5306': 'Société en commandite simple',
  '5308': 'Société en commandite par actions',
  '5460': 'Autre SARL coopérative',
  '5485': 'Société d’exercice libéral à responsabilité limitée',
  '5498': 'SARL unipersonnelle',
  '5499': 'Société à responsabilité limitée',
  '5510': 'SA à participation ouvrière à conseil d’administration',
  '5515': 'Société d’économie mixte à conseil d’administration',
  '5522': 'SA immobilière pour le commerce et l’industrie (SICOMI) à conseil d’administration',
  '5546': 'SA d’HLM à conseil d’administration',
  '5547': 'SA coopérative de production d’HLM à conseil d’administration',
  '5599': 'SA à conseil d’administration',
  '5615': 'Société d’économie mixte à directoire',
  '5646': 'SA d’HLM à directoire',
  '5699': 'SA à directoire',
  '5710': 'Société par actions simplifiée',
  '5720': 'Société par actions simplifiée à associé unique',
  '5785': 'Société d’exercice libéral par actions simplifiée',
  '5800': 'Société européenne',
  '6220': 'Groupement d’intérêt économique',
  '6521': 'Société civile de placement collectif immobilier (SCPI)',
  '6540': 'Société civile immobilière',
  '6541': 'Société civile immobilière de construction-vente',
  '6542': 'Société civile d’attribution',
  '6543': 'Société civile coopérative de construction',
  '6544': 'Société civile immobilière d’accession progressive à la propriété',
  '6589': 'Société civile de moyens',
  '6597': 'Société civile d’exploitation agricole',
  '6598': 'Exploitation agricole à responsabilité limitée',
  '6599': 'Autre société civile',
  '7113': 'Ministère',
  '7120': 'Service central d’un ministère',
  '7179': 'Service déconcentré de l’État',
  '7210': 'Commune et commune nouvelle',
  '7220': 'Département',
  '7225': 'Collectivité et territoire d’outre-mer',
  '7229': 'Collectivité territoriale',
  '7230': 'Région',
  '7344': 'Métropole',
  '7346': 'Communauté de communes',
  '7348': 'Communauté d’agglomération',
  '7353': 'Syndicat intercommunal à vocation unique',
  '7354': 'Syndicat intercommunal à vocation multiple',
  '7355': 'Syndicat mixte fermé',
  '7361': 'Centre communal d’action sociale',
  '7362': 'Caisse des écoles',
  '7364': 'Établissement d’hospitalisation',
  '7366': 'Établissement public local social et médico-social',
  '7371': 'Office public d’habitat',
  '7372': 'Service départemental d’incendie et de secours',
  '7379': 'Établissement public administratif local',
  '7381': 'Organisme consulaire',
  '7383': 'Établissement public national à caractère scientifique, culturel et professionnel',
  '7389': 'Établissement public national à caractère administratif',
  '7490': 'Autre personne morale de droit administratif',
  '8110': 'Régime général de la Sécurité sociale',
  '8130': 'Institution de retraite complémentaire',
  '8210': 'Mutuelle',
  '9110': 'Syndicat de copropriété',
  '9150': 'Association syndicale libre',
  '9210': 'Association non déclarée',
  '9220': 'Association déclarée',
  '9230': 'Association déclarée reconnue d’utilité publique',
  '9240': 'Congrégation',
  '9300': 'Fondation',
  '9900': 'Autre personne morale de droit privé',
};

/** Level II families (the first two digits). */
const FAMILIES: Record<string, string> = {
  '21': 'Indivision',
  '22': 'Société créée de fait',
  '23': 'Société en participation',
  '24': 'Fiducie',
  '29': 'Groupement de droit privé non doté de la personnalité morale',
  '31': 'Personne morale de droit étranger immatriculée au RCS',
  '32': 'Personne morale de droit étranger non immatriculée au RCS',
  '41': 'Établissement public à caractère industriel ou commercial',
  '51': 'Société coopérative commerciale particulière',
  '52': 'Société en nom collectif',
  '53': 'Société en commandite',
  '54': 'Société à responsabilité limitée',
  '55': 'Société anonyme à conseil d’administration',
  '56': 'Société anonyme à directoire',
  '57': 'Société par actions simplifiée',
  '58': 'Société européenne',
  '61': 'Caisse d’épargne et de prévoyance',
  '62': 'Groupement d’intérêt économique',
  '63': 'Société coopérative agricole',
  '64': 'Société d’assurance mutuelle',
  '65': 'Société civile',
  '69': 'Autre personne morale de droit privé inscrite au RCS',
  '71': 'Administration de l’État',
  '72': 'Collectivité territoriale',
  '73': 'Établissement public administratif',
  '74': 'Autre personne morale de droit public administratif',
  '81': 'Organisme de protection sociale',
  '82': 'Organisme mutualiste',
  '83': 'Comité social et économique',
  '84': 'Organisme professionnel',
  '85': 'Organisme de retraite à adhésion non obligatoire',
  '91': 'Syndicat de propriétaires',
  '92': 'Association',
  '93': 'Fondation',
  '99': 'Autre personne morale de droit privé',
};

/** French label of a legal form code; the file's abbreviation (`SCI`, `SAS`) when the code is unknown. */
export function legalFormLabel(code: string | null, abbreviation: string | null = null): string | null {
  const c = code?.trim() ?? '';
  if (/^\d{4}$/.test(c)) {
    const label = FORMS[c] ?? FAMILIES[c.slice(0, 2)];
    if (label) return label;
  }
  const abbr = abbreviation?.trim();
  return abbr ? abbr : null;
}

/** Label of a right from its code letter, or from the published value `P - Propriétaire`. */
export function rightLabel(value: string | null): string | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  const code = v.split(/\s*-\s*/)[0]?.toUpperCase() ?? '';
  return RIGHT_LABELS[code] ?? (v.includes('-') ? v.slice(v.indexOf('-') + 1).trim() : v);
}

/**
 * The group of a legal entity. DGFiP groups 1–7 and 9 say it directly (1 État, 4 commune, 5 office
 * HLM…); group 0 (« non remarquable ») and 8 are told apart by the legal form (SCI, société,
 * association).
 */
export function ownerGroup(groupePersonne: number | null, legalForm: string | null): OwnerGroup {
  switch (groupePersonne) {
    case 1:
      return 'etat';
    case 2:
      return 'region';
    case 3:
      return 'departement';
    case 4:
      return 'commune';
    case 5:
      return 'hlm';
    case 6:
      return 'sem';
    case 7:
      return 'coproprietaires';
    case 9:
      return 'etablissement_public';
  }
  const f = legalForm?.trim() ?? '';
  if (!/^\d{4}$/.test(f)) return 'autre';
  if (/^654[0-4]$/.test(f) || f === '6521') return 'sci';
  if (f === '5546' || f === '5646' || f === '5547' || f === '7371') return 'hlm';
  if (f === '5515' || f === '5615') return 'sem';
  if (f === '9110') return 'coproprietaires';
  if (f.startsWith('71')) return 'etat';
  if (f === '7230') return 'region';
  if (f === '7220') return 'departement';
  if (f.startsWith('72') || /^73(4|5)/.test(f)) return 'commune';
  if (f.startsWith('4') || f.startsWith('73') || f.startsWith('74')) return 'etablissement_public';
  if (/^(5|6)/.test(f)) return 'societe';
  if (/^9[23]/.test(f)) return 'association';
  return 'autre';
}

/** The DGFiP « groupe personne » number from the published value (`4 - Commune` → 4). */
export function groupNumber(value: string | null): number | null {
  const m = /^\s*(\d)\b/.exec(value ?? '');
  return m ? Number(m[1]) : null;
}
