/**
 * Streaming reader of a GeoJSON FeatureCollection: yields each element of its `features` array,
 * parsed, with the line where it starts, holding one feature in memory at a time (a département's
 * cadastre is hundreds of megabytes). It only tracks strings, escapes and brackets; each feature is
 * then parsed by JSON.parse, and a feature that does not parse is reported, not fatal.
 */
import { ImportError } from './errors.js';

export type FeatureEvent = { kind: 'feature'; line: number; feature: unknown } | { kind: 'reject'; line: number; reason: string };

export async function* readFeatures(text: AsyncIterable<string>, name: string): AsyncIterable<FeatureEvent> {
  // States: looking for the "features" key at depth 1, then inside its array.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let sawStart = false;
  let keyBuf = '';
  let lastKey = '';
  let inFeatures = false;
  let featuresDone = false;
  let item: string[] = [];
  let itemStart = 0;
  let itemDepth = 0;
  let capturing = false;
  let chunkStart = 0;

  for await (const chunk of text) {
    chunkStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) {
          inString = false;
          if (!capturing && depth === 1) lastKey = keyBuf;
        } else if (!capturing && depth === 1 && keyBuf.length < 32) keyBuf += chunk[i];
        continue;
      }
      if (c === 34) {
        inString = true;
        keyBuf = '';
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (!sawStart) {
        if (c !== 123 /* { */) throw new ImportError(`« ${name} » n’est pas un fichier GeoJSON (il doit commencer par « { »).`);
        sawStart = true;
      }
      if (c === 123 || c === 91 /* [ */) {
        depth++;
        if (inFeatures && !capturing && depth === 3 && c === 123) {
          capturing = true;
          itemDepth = depth;
          itemStart = line;
          chunkStart = i;
          item = [];
        } else if (!inFeatures && !featuresDone && depth === 2 && c === 91 && lastKey === 'features') {
          inFeatures = true;
        }
        continue;
      }
      if (c === 125 /* } */ || c === 93 /* ] */) {
        if (capturing && depth === itemDepth && c === 125) {
          item.push(chunk.slice(chunkStart, i + 1));
          capturing = false;
          const source = item.join('');
          item = [];
          let feature: unknown;
          try {
            feature = JSON.parse(source);
          } catch {
            yield { kind: 'reject', line: itemStart, reason: 'objet GeoJSON illisible' };
            depth--;
            continue;
          }
          yield { kind: 'feature', line: itemStart, feature };
        } else if (inFeatures && depth === 2 && c === 93) {
          inFeatures = false;
          featuresDone = true;
        }
        depth--;
      }
    }
    if (capturing) item.push(chunk.slice(chunkStart));
  }
  if (!sawStart) throw new ImportError(`Le fichier « ${name} » est vide.`);
  if (!featuresDone)
    throw new ImportError(`« ${name} » n’est pas une FeatureCollection GeoJSON complète (tableau « features » absent ou tronqué).`);
}
