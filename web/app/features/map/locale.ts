/**
 * MapLibre's own texts (button titles, the canvas's accessible name, help messages) in French:
 * its defaults are English, and everything a person sees or hears here is French.
 */
import type { MapOptions } from 'maplibre-gl';

type Locale = Required<NonNullable<MapOptions['locale']>>;

export const MAP_LOCALE_FR = {
  'AttributionControl.ToggleAttribution': 'Afficher ou masquer les sources',
  'AttributionControl.MapFeedback': 'Signaler une erreur de la carte',
  'FullscreenControl.Enter': 'Plein écran',
  'FullscreenControl.Exit': 'Quitter le plein écran',
  'GeolocateControl.FindMyLocation': 'Me localiser',
  'GeolocateControl.LocationNotAvailable': 'Position indisponible',
  'LogoControl.Title': 'Logo MapLibre',
  'Map.Title': 'Carte',
  'Marker.Title': 'Repère',
  'NavigationControl.ResetBearing': 'Remettre le nord en haut',
  'NavigationControl.ZoomIn': 'Zoom avant',
  'NavigationControl.ZoomOut': 'Zoom arrière',
  'Popup.Close': 'Fermer',
  'ScaleControl.Feet': 'pi',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'nmi',
  'GlobeControl.Enable': 'Afficher le globe',
  'GlobeControl.Disable': 'Afficher la carte à plat',
  'TerrainControl.Enable': 'Afficher le relief',
  'TerrainControl.Disable': 'Masquer le relief',
  'CooperativeGesturesHandler.WindowsHelpText': 'Utilisez Ctrl + molette pour zoomer sur la carte',
  'CooperativeGesturesHandler.MacHelpText': 'Utilisez ⌘ + molette pour zoomer sur la carte',
  'CooperativeGesturesHandler.MobileHelpText': 'Utilisez deux doigts pour déplacer la carte',
} satisfies Locale;
