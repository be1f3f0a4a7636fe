import { describe, expect, it } from 'vitest';
import { ImportError } from './errors.js';
import { readFeatures } from './geojson-stream.js';

async function* chunks(text: string, size: number): AsyncIterable<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect(text: string, size = 7) {
  const out = [];
  for await (const ev of readFeatures(chunks(text, size), 'test.json')) out.push(ev);
  return out;
}

describe('streaming GeoJSON reader', () => {
  it('yields each feature with its line, whatever the chunk boundaries, strings with brackets included', async () => {
    const text =
      '{"type":"FeatureCollection","name":"a ] } [ {","features":[\n' +
      '{"type":"Feature","properties":{"id":"x\\"}"}},\n' +
      '{"type":"Feature","properties":{"id":"y"}}\n]}';
    for (const size of [1, 3, 7, 1000]) {
      const evs = await collect(text, size);
      expect(evs).toEqual([
        { kind: 'feature', line: 2, feature: { type: 'Feature', properties: { id: 'x"}' } } },
        { kind: 'feature', line: 3, feature: { type: 'Feature', properties: { id: 'y' } } },
      ]);
    }
  });

  it('reports a broken feature and refuses a file that is not a complete FeatureCollection', async () => {
    const evs = await collect('{"features":[{"a":1,},{"b":2}]}');
    expect(evs[0]).toMatchObject({ kind: 'reject', reason: 'objet GeoJSON illisible' });
    expect(evs[1]).toMatchObject({ kind: 'feature', feature: { b: 2 } });
    await expect(collect('id;numero\n1;2')).rejects.toBeInstanceOf(ImportError);
    await expect(collect('{"type":"FeatureCollection","features":[{"a":1}')).rejects.toThrow(/tronqué/);
  });
});
