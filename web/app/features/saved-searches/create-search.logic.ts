/**
 * The form of /pro/creer_recherche, one per tool: its fields (the tool's URL parameters) and the
 * query they make. The server checks that query with the tool's own schema.
 */
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
