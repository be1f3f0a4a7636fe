/**
 * Mantine theme: the seed's layers (SEED-SPEC §9) as defaults of the layered components, and
 * French labels where the component libraries default to English (see components/select.tsx).
 */
import { LAYERS } from '@immoloupe/shared/constants';
import { type CSSVariablesResolver, createTheme, type MantineThemeComponents } from '@mantine/core';

type PaginationControl = 'first' | 'previous' | 'last' | 'next';
const PAGINATION_CONTROLS: Record<PaginationControl, string> = {
  first: 'Première page',
  previous: 'Page précédente',
  next: 'Page suivante',
  last: 'Dernière page',
};

/**
 * Defaults given as plain objects (not `Select.extend(…)`): `.extend` would import each
 * component into the root chunk of every page, tens of KiB that most public pages never use.
 */
const components: MantineThemeComponents = {
  Modal: { defaultProps: { zIndex: LAYERS.modal, closeButtonProps: { 'aria-label': 'Fermer' } } },
  Drawer: { defaultProps: { zIndex: LAYERS.modal, closeButtonProps: { 'aria-label': 'Fermer' } } },
  Overlay: { defaultProps: { zIndex: LAYERS.overlay } },
  Menu: { defaultProps: { zIndex: LAYERS.menu } },
  Popover: { defaultProps: { zIndex: LAYERS.menu } },
  HoverCard: { defaultProps: { zIndex: LAYERS.menu } },
  Tooltip: { defaultProps: { zIndex: LAYERS.tooltip } },
  Select: { defaultProps: { comboboxProps: { zIndex: LAYERS.menu } } },
  MultiSelect: { defaultProps: { comboboxProps: { zIndex: LAYERS.menu } } },
  Autocomplete: { defaultProps: { comboboxProps: { zIndex: LAYERS.menu } } },
  // The arrows have no text: their names, for screen readers (Mantine gives none).
  Pagination: { defaultProps: { getControlProps: (control: PaginationControl) => ({ 'aria-label': PAGINATION_CONTROLS[control] }) } },
  // Mantine names the eye of a password field in English (« Toggle password visibility »); it is a toggle (aria-pressed).
  PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher le mot de passe' } } },
  // On a phone a row of choices wraps rather than cutting its labels (« Adres… », the last ones out of sight).
  SegmentedControl: { styles: { root: { flexWrap: 'wrap', maxWidth: '100%' }, control: { flex: '1 0 auto' } } },
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8: white on it and it on white reach the WCAG AA contrast of 4.5:1 (shade 6 gives 4.3).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components,
});

/**
 * Light scheme, WCAG AA (4.5:1): the light variant (badges, light and subtle buttons: shade 9 on
 * shade 1), coloured text (`c="orange"`) and outlines (the filled shade on white) give 2.7 to
 * 4.5:1 for these hues. The same hue, darkened until it reaches 4.6:1 on shade 2 (a light button
 * hovered), 5.3 to 6.7:1 on white. Given to Mantine's own variables through its resolver: the
 * outlines depend on `primaryShade`, so Mantine writes them in a style of its own, after app.css.
 */
export const ACCESSIBLE_HUES: Record<string, string> = {
  red: '#af2525',
  cyan: '#0a697a',
  teal: '#077050',
  green: '#237133',
  lime: '#48730a',
  yellow: '#a35400',
  orange: '#ab390c',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: Object.fromEntries(
    Object.entries(ACCESSIBLE_HUES).flatMap(([hue, color]) => [
      [`--mantine-color-${hue}-light-color`, color],
      [`--mantine-color-${hue}-text`, color],
      [`--mantine-color-${hue}-outline`, color],
    ]),
  ),
  dark: {},
});
