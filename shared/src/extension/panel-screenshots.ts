/**
 * The screenshots of the extension's panel shown on /pro/extension: taken by `npm run screenshots`
 * (decisions 0500 and 1100) on real sample ads of two portals, against the real samples of
 * ../shared/data only, and kept in web/public/extension/. Those samples hold DPE of Lyon 8e but no
 * DVF sale of Lyon or Villeurbanne, nor the DPE of the PAP ad: the pictures show the panel saying
 * so, and the captions and alt texts say it too (no made-up sale is ever shown as real).
 */
import type { ExtensionPortal } from './contracts.js';

export interface PanelScreenshot {
  portal: ExtensionPortal;
  /** Path of the PNG on the site (under web/public/). */
  src: string;
  /** Size in CSS pixels, as the PNG is (device scale 1). */
  width: number;
  height: number;
  alt: string;
  caption: string;
}

export const PANEL_SCREENSHOTS: readonly PanelScreenshot[] = [
  {
    portal: 'seloger',
    src: '/extension/panneau-seloger.png',
    width: 340,
    height: 873,
    alt: 'Capture d’écran du panneau Immoloupe sur une annonce SeLoger de location à Lyon 8e (appartement de 70 m², 1 345 € par mois) : les champs lus, le loyer au m², le logement le plus proche d’après les DPE (69 rue Bataille, avec une vraisemblance de moins de 1\u00a0%\u00a0: aucun DPE de l’échantillon n’a exactement les valeurs de l’annonce) et le DPE D sans interdiction de louer. Le serveur des captures n’a pas de ventes DVF à Lyon : le panneau le signale.',
    caption:
      'SeLoger, location à Lyon 8e\u00a0: le logement le plus proche d’après les DPE de l’échantillon de Lyon 8e, localisation incertaine (moins de 1\u00a0%).',
  },
  {
    portal: 'pap',
    src: '/extension/panneau-pap.png',
    width: 340,
    height: 770,
    alt: 'Capture d’écran du panneau Immoloupe sur une annonce PAP de location à Villeurbanne (appartement de 30 m², 740 € par mois) : les champs lus, le loyer au m² et le DPE D sans interdiction de louer. Le serveur des captures n’a pas de ventes DVF à Villeurbanne, et aucun DPE de l’échantillon ne correspond à ce logement : le panneau le dit.',
    caption: 'PAP, location à Villeurbanne : champs lus ; sans données pour cette commune, le panneau dit ce qui manque.',
  },
];

/** Said under the pictures: what data they were taken with, and what the panel shows with more. */
export const PANEL_SCREENSHOTS_NOTE =
  'Captures faites sur des annonces et des données ouvertes d’exemple, qui n’ont pas de ventes DVF à Lyon ni à Villeurbanne : le panneau le dit. Avec les DVF du département chargés, il compare le prix au m² à la médiane des ventes de la commune et donne une fourchette d’estimation.';
