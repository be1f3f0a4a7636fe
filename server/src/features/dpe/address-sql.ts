/**
 * The address of a DPE as the product shows it: the BAN's (`adresse_ban`) as a rule; but when the
 * BAN matched only the street and the diagnostician typed a house number (`numero_voie_saisi`, kept
 * by the importer: `typedHouseNumber`), that number before the BAN's street name, postcode and town.
 * One new build in eight in the Lyon 8e sample: a letter to « Avenue Jean Mermoz », or a whole avenue
 * taken for one building, helps nobody. Its point on the maps: placement.ts.
 */

/** SQL condition: the DPE of alias `a` is shown at the number typed, the BAN having matched its street only. */
export function dpeTypedAddressSql(a: string): string {
  return `(${a}.numero_voie_saisi IS NOT NULL)`;
}

/** SQL expression: the address shown for the DPE of alias `a` (text, or NULL when the BAN gave none). */
export function dpeAddressSql(a: string): string {
  return `CASE WHEN ${dpeTypedAddressSql(a)} THEN concat_ws(' ', ${a}.numero_voie_saisi, ${a}.nom_rue_ban, ${a}.code_postal_ban, ${a}.nom_commune_ban)
               ELSE ${a}.adresse_ban END`;
}
