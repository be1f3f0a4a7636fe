/**
 * Mantine theme: the seed's layers (SEED-SPEC §9) as defaults of the layered components, and
 * French labels where the component libraries default to English.
 */
import { LAYERS } from '@immoloupe/shared/constants';
import { UI_LABELS } from '@immoloupe/shared/ui-labels';
import { Autocomplete, createTheme, Drawer, HoverCard, Menu, Modal, MultiSelect, Overlay, Popover, Select, Tooltip } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8: white on it and it on white reach the WCAG AA contrast of 4.5:1 (shade 6 gives 4.3).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Modal: Modal.extend({ defaultProps: { zIndex: LAYERS.modal, closeButtonProps: { 'aria-label': 'Fermer' } } }),
    Drawer: Drawer.extend({ defaultProps: { zIndex: LAYERS.modal, closeButtonProps: { 'aria-label': 'Fermer' } } }),
    Overlay: Overlay.extend({ defaultProps: { zIndex: LAYERS.overlay } }),
    Menu: Menu.extend({ defaultProps: { zIndex: LAYERS.menu } }),
    Popover: Popover.extend({ defaultProps: { zIndex: LAYERS.menu } }),
    HoverCard: HoverCard.extend({ defaultProps: { zIndex: LAYERS.menu } }),
    Tooltip: Tooltip.extend({ defaultProps: { zIndex: LAYERS.tooltip } }),
    Select: Select.extend({ defaultProps: { nothingFoundMessage: UI_LABELS.noResults, comboboxProps: { zIndex: LAYERS.menu } } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { nothingFoundMessage: UI_LABELS.noResults, comboboxProps: { zIndex: LAYERS.menu } } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { comboboxProps: { zIndex: LAYERS.menu } } }),
  },
});
