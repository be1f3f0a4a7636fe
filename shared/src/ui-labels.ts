/**
 * Component labels. The seed's defaults are English ("No results found", "No available options",
 * Weak / Medium / Strong); the interface is French, so these are deliberately French
 * (docs/decisions/0006-french-component-labels.md).
 */
export const UI_LABELS = {
  noResults: 'Aucun résultat',
  noOptions: 'Aucune option disponible',
  passwordStrength: { weak: 'Faible', medium: 'Moyen', strong: 'Fort' },
} as const;
