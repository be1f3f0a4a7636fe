/**
 * Listing feeds written by the tests (not sample rows): Bien'ici's dataset header and a Toulon flat
 * with the given id, price, surface and blurred position.
 */
export const BIENICI_HEADER =
  'id,source,title,description,price,surface_m2,price_m2,rooms,bedrooms,bathrooms,property_type,city,postal_code,district_name,district_full_name,latitude_blur,longitude_blur,has_balcony,has_terrace,has_garden,has_elevator,has_cellar,parking_places,floor,floor_quantity,land_surface_m2,heating,energy_class,ghg_class,energy_value,ghg_value,new_property,account_type,ad_created_by_pro,publication_date,modification_date,on_the_market,is_highlighted,is_exclusive_sale_mandate,fees_charged_to,price_without_fees,reference,url';

/** A Bien'ici row written for these tests (not a sample row). */
export function bieniciRow(id: string, price: number, surface: number, lat: number, lon: number): string {
  const cells: Record<string, string> = {
    id,
    source: 'Bienici',
    title: `Appartement test ${surface} m²`,
    description: '"Au calme, proche du port"',
    price: String(price),
    surface_m2: String(surface),
    rooms: '3',
    property_type: 'flat',
    city: 'Toulon',
    postal_code: '83000',
    latitude_blur: String(lat),
    longitude_blur: String(lon),
    energy_class: 'D',
    ad_created_by_pro: '1',
    publication_date: '2026-03-20T08:00:00.000Z',
    url: `https://www.bienici.com/annonce/vente/toulon/flat/${id}`,
  };
  return BIENICI_HEADER.split(',')
    .map((h) => cells[h] ?? '')
    .join(',');
}
