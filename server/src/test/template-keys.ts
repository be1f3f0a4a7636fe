/** How the test files name the prepared templates; apart, so that a test file loads no importer to pick one. */

/** A template's name among the prepared ones: its sample list, joined ('' for the migrated empty one). */
export const setKey = (samples: readonly string[]): string => samples.join('\n');

/** The longest prepared sample list that `samples` begins with ([] when none: the empty template). */
export function longestPreparedPrefix(samples: readonly string[], prepared: readonly string[]): string[] {
  let best: string[] = [];
  for (const key of prepared) {
    const set = key === '' ? [] : key.split('\n');
    if (set.length > best.length && set.length <= samples.length && set.every((s, i) => samples[i] === s)) best = set;
  }
  return best;
}
