/**
 * Listing feeds (datasets of the portals imported into the shared pool): which rows are kept, and
 * the identity of a row its portal gives no id for (SeLoger cards), so that a re-import finds it.
 */
import type { ParsedListing } from './contracts.js';
import { type ListingFields, listingFieldsSchema } from './store.logic.js';

/** Prefix of the identity built from a row's stable facts when the portal gives no id. */
export const FINGERPRINT_PREFIX = 'empreinte:';

/**
 * The facts of a row that stay when its price changes: type, surface, rooms, bedrooms, place, title
 * (the price is left out so that a new capture at another price finds the same listing).
 */
export function fingerprintText(l: ParsedListing): string {
  return [l.portal, l.transaction, l.propertyType, l.surface, l.rooms, l.bedrooms, l.postcode, l.city, l.district, l.title]
    .map((v) => (v === undefined ? '' : String(v).trim().toLowerCase()))
    .join('|');
}

/**
 * The stored fields of a parsed feed row, or the French reason it is rejected: a listing without a
 * price or a postcode can be neither compared nor placed.
 */
export function feedFields(l: ParsedListing, fingerprint: (text: string) => string): ListingFields | string {
  if (l.price === undefined) return 'prix absent';
  if (l.postcode === undefined) return 'code postal absent';
  if (l.propertyType === undefined && l.surface === undefined) return 'ni type de bien ni surface';
  const parsed = listingFieldsSchema.safeParse({
    ...l,
    portalId: l.portalId ?? `${FINGERPRINT_PREFIX}${fingerprint(fingerprintText(l))}`,
  });
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}\u00a0: ${i.message}`).join(' ; ');
  return parsed.data;
}
