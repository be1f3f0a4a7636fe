/**
 * A small listing feed written for the automatic list's journey (Bien'ici export columns), priced
 * around the median of the Hendaye flats' sales. Test data only, imported with the documented
 * command as real feeds are.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const HEADER = 'id,title,price,surface_m2,rooms,property_type,city,postal_code,latitude_blur,longitude_blur,energy_class,account_type,url';
const HENDAYE = [
  'e2e-1,Appartement 3 pièces centre,240000,60,3,flat,Hendaye,64700,43.3601,-1.7741,C,agency,https://www.bienici.com/annonce/vente/hendaye/flat/e2e-1',
  'e2e-2,Appartement 3 pièces vue mer,420000,62,3,flat,Hendaye,64700,43.3702,-1.7790,B,agency,https://www.bienici.com/annonce/vente/hendaye/flat/e2e-2',
  'e2e-3,Appartement 2 pièces plage,260000,41,2,flat,Hendaye,64700,43.3560,-1.7652,E,agency,https://www.bienici.com/annonce/vente/hendaye/flat/e2e-3',
];

/** Writes the feed in `dir` and returns its path. */
export function writeHendayeFeed(dir: string): string {
  const feed = path.join(dir, 'flux-hendaye.csv');
  writeFileSync(feed, `${HEADER}\n${HENDAYE.join('\n')}\n`);
  return feed;
}
