/**
 * A click on a sale's column of the combined 3D map opens its popup: date, price, €/m², and
 * « hors bornes » for a sale left out of the section medians (salePopupLines).
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapLib } from '~/features/map/map-view';
import { SALES_LAYER, salePopupLines } from './layers3d';

export function addSalePopups(map: MapLibreMap, lib: MapLib): void {
  map.on('click', SALES_LAYER.id, (e) => {
    const sale = e.features?.[0];
    if (!sale) return;
    const content = document.createElement('div');
    content.dataset.testid = 'sale-popup';
    for (const line of salePopupLines(sale.properties)) {
      const p = document.createElement('div');
      p.textContent = line;
      content.append(p);
    }
    new lib.Popup({ closeButton: true, maxWidth: '260px' }).setLngLat(e.lngLat).setDOMContent(content).addTo(map);
  });
  map.on('mouseenter', SALES_LAYER.id, () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', SALES_LAYER.id, () => {
    map.getCanvas().style.cursor = '';
  });
}
