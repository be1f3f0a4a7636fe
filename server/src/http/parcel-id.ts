/** A parcel id from a route's path, checked once for every route that takes one (sheet, zoning, risks, permits). */
import { PARCEL_ID } from '@immoloupe/shared/parcels/sheet-contracts';
import { HttpError } from './errors.js';

/** The id in capitals, or a French 400. */
export function parcelIdParam(raw: string): string {
  const id = raw.toUpperCase();
  if (!PARCEL_ID.test(id))
    throw new HttpError(
      400,
      'Identifiant de parcelle invalide\u00a0: 14 caractères attendus (code INSEE, préfixe, section, numéro), par exemple 93010000AS0167.',
    );
  return id;
}

/** The French 404 of a well-formed id the loaded cadastre does not hold. */
export function unknownParcel(id: string): HttpError {
  return new HttpError(404, `Parcelle inconnue\u00a0: ${id} (cadastre de la commune non importé, ou identifiant erroné).`);
}
