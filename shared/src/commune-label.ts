/**
 * How a commune is named wherever an agent reads it (the pickers, the tools' commune fields, the
 * zone of a market report, on screen and in print): by its postcodes, « Bondy (93140) », never by
 * its INSEE code (« Bondy (93010) » was taken for a postcode). Several postcodes are joined
 * (« Paris 16e Arrondissement (75016, 75116) »), more than three given as their span
 * (« Paris (75001 à 75116) »); the INSEE code stays in the tooltip. Pure.
 */

export interface CommuneNaming {
  insee: string;
  nom: string;
  /** Unknown (undefined or empty): the name alone. */
  codesPostaux?: readonly string[];
  /** A former commune, merged into this commune nouvelle: its data are those recorded before the merger. */
  mergedInto?: { insee: string; nom: string } | undefined;
}

const sorted = (codes: readonly string[]) => [...new Set(codes)].sort();

/** « 93140 », « 75016, 75116 », « 75001 à 75116 »; empty without postcode. */
export function postcodesText(codes: readonly string[] = []): string {
  const all = sorted(codes);
  if (all.length <= 3) return all.join(', ');
  return `${all[0]} à ${all.at(-1)}`;
}

/**
 * « Bondy (93140) », or « Bondy » while its postcodes are unknown. A former commune has none of its
 * own, and holds only the data recorded before its merger: « Pierrefitte-sur-Seine (avant fusion) »
 * (short, to fit a pill; the tooltip names the commune nouvelle).
 */
export function communeLabel(c: CommuneNaming): string {
  if (c.mergedInto) return `${c.nom} (avant fusion)`;
  const codes = postcodesText(c.codesPostaux);
  return codes ? `${c.nom} (${codes})` : c.nom;
}

/** The tooltip: the INSEE code, and every postcode when the label gives only their span. */
export function communeTitle(c: CommuneNaming): string {
  if (c.mergedInto)
    return `Code INSEE ${c.insee} — fusionnée dans ${c.mergedInto.nom} (${c.mergedInto.insee})\u00a0: ses ventes et DPE d’avant la fusion`;
  const all = sorted(c.codesPostaux ?? []);
  return all.length > 3 ? `Code INSEE ${c.insee} — codes postaux ${all.join(', ')}` : `Code INSEE ${c.insee}`;
}

/**
 * The labels of the suggestions, one per commune: two communes of one name and the same postcodes
 * (or none known) are told apart by their INSEE code.
 */
export function communeLabels<C extends CommuneNaming>(communes: readonly C[]): { commune: C; label: string }[] {
  const count = new Map<string, number>();
  for (const c of communes) count.set(communeLabel(c), (count.get(communeLabel(c)) ?? 0) + 1);
  return communes.map((c) => {
    const label = communeLabel(c);
    return { commune: c, label: (count.get(label) ?? 0) > 1 ? `${label} — INSEE ${c.insee}` : label };
  });
}
