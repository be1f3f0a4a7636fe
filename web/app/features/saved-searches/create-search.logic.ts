/**
 * The form of /pro/creer_recherche, one per tool: its fields (the tool's URL parameters, named as on
 * the tool's page) and the query they make. The server checks that query with the tool's own schema.
 */
import { COPRO_PERIOD_LABELS, COPRO_PERIODS, SYNDIC_TYPE_LABELS, SYNDIC_TYPES } from '@immoloupe/shared/copro/contracts';
import { DPE_BUILDING_TYPE_LABELS, DPE_BUILDING_TYPES } from '@immoloupe/shared/dpe/contracts';
import { DPE_CLASSES } from '@immoloupe/shared/dpe/rental-ban.logic';
import { PRESCRIPTION_CHOICES, ZONE_FAMILIES, ZONE_FAMILY_LABELS } from '@immoloupe/shared/land/contracts';
import { ENERGY_CLASSES } from '@immoloupe/shared/listings/contracts';
import { LISTING_TYPE_LABELS } from '@immoloupe/shared/listings/search';
import { PERMIT_KIND_LABELS, PERMIT_LIST_LABELS, PERMIT_LISTS } from '@immoloupe/shared/permits/contracts';
import type { SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';

export interface ToolField {
  key: string;
  label: string;
  /** The label in a saved search's summary, where the form's wording (« ou communes ») reads wrong alone. */
  summaryLabel?: string;
  placeholder?: string;
  description?: string;
  /** `list`: comma-separated choices. */
  choices?: { value: string; label: string }[];
  /** One choice at most (the tool's query takes one value). */
  single?: boolean;
  /**
   * Communes picked by name, postcode or INSEE code: their INSEE codes, comma-separated. `max`: the
   * most the tool's page shows (one for a tool of a single commune).
   */
  communes?: { max?: number };
  /** Free text sent as typed (trimmed): codes lists, names. Otherwise a number (spaces removed, decimal comma). */
  text?: boolean;
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The zone of the DPE and co-ownership tools: communes or postcodes; both empty means « ma zone ». */
const ZONE_FIELDS: ToolField[] = [
  { key: 'insee', label: 'Communes', description: 'Sans commune ni code postal, la recherche porte sur ma zone.', communes: {} },
  { key: 'postcode', label: 'ou codes postaux', summaryLabel: 'Codes postaux', placeholder: '69007', text: true },
];

export const TOOL_FIELDS: Record<SavedSearchToolId, ToolField[]> = {
  transactions: [
    // The transactions page shows one commune, though its query would take several.
    { key: 'insee', label: 'Commune', communes: { max: 1 } },
    {
      key: 'types',
      label: 'Types de bien',
      choices: [
        { value: 'maison', label: 'Maison' },
        { value: 'appartement', label: 'Appartement' },
        { value: 'local', label: 'Local commercial' },
        { value: 'terrain', label: 'Terrain seul' },
      ],
    },
    { key: 'surfaceMin', label: 'Surface min. (m²)' },
    { key: 'surfaceMax', label: 'Surface max. (m²)' },
    { key: 'priceMin', label: 'Prix min. (€)' },
    { key: 'priceMax', label: 'Prix max. (€)' },
  ],
  parcelles: [
    // Its INSEE code rather than a name: several communes share a name (Saint-Denis, Flers…).
    { key: 'commune', label: 'Commune', communes: { max: 1 } },
    { key: 'section', label: 'Section', placeholder: 'AS', text: true },
    { key: 'surfaceMin', label: 'Surface minimale (m²)' },
    { key: 'surfaceMax', label: 'Surface maximale (m²)' },
    // The land filters of the parcel search, named as on its page (land-filters.tsx).
    { key: 'zoneType', label: 'Type de zone du PLU', choices: labelled(ZONE_FAMILIES, ZONE_FAMILY_LABELS), single: true },
    { key: 'zoneLibelle', label: 'Libellé de zone (début)', summaryLabel: 'Libellé de zone', placeholder: 'UC', text: true },
    { key: 'prescription', label: 'Prescription', choices: [...PRESCRIPTION_CHOICES], single: true },
    {
      key: 'prescriptionPresent',
      label: 'Prescription présente ou absente',
      summaryLabel: 'Présence de la prescription',
      choices: [
        { value: 'oui', label: 'Présente' },
        { value: 'non', label: 'Absente' },
      ],
      single: true,
    },
    { key: 'coverageMin', label: 'Couverture bâtie min. (%)' },
    { key: 'coverageMax', label: 'Couverture bâtie max. (%)' },
  ],
  dpe: [
    ...ZONE_FIELDS,
    { key: 'classes', label: 'Classes énergie', choices: DPE_CLASSES.map((c) => ({ value: c, label: c })) },
    { key: 'types', label: 'Type de logement', choices: labelled(DPE_BUILDING_TYPES, DPE_BUILDING_TYPE_LABELS) },
    { key: 'surfaceMin', label: 'Surface min. (m²)' },
    { key: 'surfaceMax', label: 'Surface max. (m²)' },
    { key: 'yearMin', label: 'Construit à partir de' },
    { key: 'yearMax', label: 'Construit jusqu’à' },
  ],
  copros: [
    ...ZONE_FIELDS,
    { key: 'lotsMin', label: 'Lots min.' },
    { key: 'lotsMax', label: 'Lots max.' },
    { key: 'syndicTypes', label: 'Type de syndic', choices: labelled(SYNDIC_TYPES, SYNDIC_TYPE_LABELS) },
    { key: 'periods', label: 'Périodes de construction', choices: labelled(COPRO_PERIODS, COPRO_PERIOD_LABELS) },
    { key: 'endsWithin', label: 'Mandat finissant dans (mois)' },
  ],
  annonces: [
    { key: 'postcode', label: 'Codes postaux (séparés par des virgules)', summaryLabel: 'Codes postaux', placeholder: '69008', text: true },
    { key: 'insee', label: 'ou communes', summaryLabel: 'Communes', communes: {} },
    { key: 'zone', label: 'ou ma zone', summaryLabel: 'Zone', choices: [{ value: 'mine', label: 'Ma zone' }], single: true },
    {
      key: 'types',
      label: 'Types de bien',
      choices: (['appartement', 'maison', 'terrain', 'parking', 'local', 'immeuble'] as const).map((t) => ({
        value: t,
        label: LISTING_TYPE_LABELS[t],
      })),
    },
    { key: 'priceMin', label: 'Prix minimal (€)' },
    { key: 'priceMax', label: 'Prix maximal (€)' },
    { key: 'surfaceMin', label: 'Surface minimale (m²)' },
    { key: 'surfaceMax', label: 'Surface maximale (m²)' },
    { key: 'roomsMin', label: 'Pièces (au moins)' },
    { key: 'dpe', label: 'Classes DPE', choices: ENERGY_CLASSES.map((c) => ({ value: c, label: c })) },
    { key: 'maxPricePerM2', label: 'Prix au m² maximal (€/m²)' },
  ],
  permis: [
    { key: 'commune', label: 'Commune', communes: { max: 1 } },
    { key: 'du', label: 'Autorisés à partir du (AAAA-MM-JJ)', summaryLabel: 'Depuis le', placeholder: '2024-01-01', text: true },
    { key: 'au', label: 'Autorisés jusqu’au (AAAA-MM-JJ)', summaryLabel: 'Jusqu’au', placeholder: '2025-12-31', text: true },
    { key: 'liste', label: 'Liste', choices: labelled(PERMIT_LISTS, PERMIT_LIST_LABELS), single: true },
    { key: 'type', label: 'Type', choices: Object.entries(PERMIT_KIND_LABELS).map(([value, label]) => ({ value, label })), single: true },
    { key: 'logementsMin', label: 'Logements créés (au moins)' },
  ],
};

/** The tool query of the form's values (empty values left out; decimal commas accepted). */
export function queryOfForm(tool: SavedSearchToolId, values: Record<string, string | string[]>): string {
  const q = new URLSearchParams();
  for (const f of TOOL_FIELDS[tool]) {
    const v = values[f.key];
    const text = Array.isArray(v) ? v.join(',') : (v ?? '').trim();
    if (!text) continue;
    if (f.choices) q.set(f.key, text);
    else if (f.text || f.communes) q.set(f.key, text.replace(/\s*,\s*/g, ','));
    else q.set(f.key, text.replace(/\s/g, '').replace(',', '.'));
  }
  return q.toString();
}

/**
 * The server's refusals of a search, each named by its field (« Prix minimal (€) : … »): the
 * tool's own schema speaks of « Nombre invalide » without saying which of eight numbers it is.
 */
export function issueMessages(tool: SavedSearchToolId, issues: readonly { path: string; message: string }[]): string[] {
  return issues.map((i) => {
    const [head, key] = i.path.split('.');
    const field = head === 'query' ? TOOL_FIELDS[tool].find((f) => f.key === key) : undefined;
    // A message that already speaks of its field (« Fourchette de prix inversée ») needs no prefix.
    const word = field?.label.split(/[\s(]/)[0]?.toLowerCase();
    if (field && word && !i.message.toLowerCase().includes(word)) return `${field.label}\u00a0: ${i.message}`;
    if (field) return i.message;
    return head === 'name' ? `Nom de la recherche\u00a0: ${i.message}` : i.message;
  });
}

/**
 * The filters of a saved search in words (« Commune : Bondy · Prix maximal (€) : 300 000 »), for the
 * list of Mes recherches where two searches of one tool could not be told apart. Parameters the
 * form does not have (a map view, a page) are left out; `communeName` names an INSEE code once known.
 */
export function querySummary(tool: SavedSearchToolId, query: string, communeName: (code: string) => string | undefined): string {
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  for (const f of TOOL_FIELDS[tool]) {
    const raw = params.get(f.key);
    if (!raw) continue;
    const values = raw.split(',').filter(Boolean);
    const shown = f.communes
      ? values.map((c) => communeName(c) ?? c)
      : f.choices
        ? values.map((v) => f.choices?.find((c) => c.value === v)?.label ?? v)
        : f.text
          ? values
          : // A year is written as a year (« 1975 »), an amount with its thousands (« 300 000 »).
            values.map((v) => (/^-?\d+(\.\d+)?$/.test(v) && !/year/i.test(f.key) ? new Intl.NumberFormat('fr-FR').format(Number(v)) : v));
    parts.push(`${f.summaryLabel ?? f.label}\u00a0: ${shown.join(', ')}`);
  }
  return parts.join(' · ');
}

/** The INSEE codes a saved search names, to fetch their names once. */
export function communeCodesOf(tool: SavedSearchToolId, query: string): string[] {
  const params = new URLSearchParams(query);
  return TOOL_FIELDS[tool].filter((f) => f.communes).flatMap((f) => (params.get(f.key) ?? '').split(',').filter(Boolean));
}
