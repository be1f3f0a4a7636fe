/**
 * The form of /pro/creer_recherche, one per tool: its fields (the tool's URL parameters) and the
 * query they make. The server checks that query with the tool's own schema.
 */
import { ENERGY_CLASSES } from '@immoloupe/shared/listings/contracts';
import { LISTING_TYPE_LABELS } from '@immoloupe/shared/listings/search';
import type { SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';

export interface ToolField {
  key: string;
  label: string;
  placeholder?: string;
  /** `list`: comma-separated choices. */
  choices?: { value: string; label: string }[];
}

export const TOOL_FIELDS: Record<SavedSearchToolId, ToolField[]> = {
  transactions: [
    { key: 'insee', label: 'Commune (code INSEE)', placeholder: '93010' },
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
    { key: 'surfaceMin', label: 'Surface minimale (m²)' },
    { key: 'surfaceMax', label: 'Surface maximale (m²)' },
    { key: 'priceMin', label: 'Prix minimal (€)' },
    { key: 'priceMax', label: 'Prix maximal (€)' },
  ],
  parcelles: [
    { key: 'commune', label: 'Commune (nom ou code INSEE)', placeholder: 'Bondy' },
    { key: 'section', label: 'Section', placeholder: 'AS' },
    { key: 'surfaceMin', label: 'Surface minimale (m²)' },
    { key: 'surfaceMax', label: 'Surface maximale (m²)' },
  ],
  annonces: [
    { key: 'postcode', label: 'Codes postaux (séparés par des virgules)', placeholder: '69008' },
    { key: 'insee', label: 'ou communes (codes INSEE)', placeholder: '69388' },
    { key: 'zone', label: 'ou ma zone', choices: [{ value: 'mine', label: 'Ma zone' }] },
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
};

/** The tool query of the form's values (empty values left out; decimal commas accepted). */
export function queryOfForm(tool: SavedSearchToolId, values: Record<string, string | string[]>): string {
  const q = new URLSearchParams();
  for (const f of TOOL_FIELDS[tool]) {
    const v = values[f.key];
    const text = Array.isArray(v) ? v.join(',') : (v ?? '').trim();
    if (text) q.set(f.key, f.choices ? text : text.replace(/\s/g, '').replace(',', '.'));
  }
  return q.toString();
}
