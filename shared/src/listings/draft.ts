/**
 * Collects a listing's fields one by one with where each was read. The first value set wins, so a
 * parser sets embedded JSON first and the DOM after; a value the contract rejects is dropped, not
 * forced.
 */
import { type FieldOrigin, type ParsedListing, type Portal, parsedListingSchema } from './contracts.js';
import type { TextFacts } from './text.logic.js';

type Field = Exclude<keyof ParsedListing, 'portal' | 'sources'>;

export class ListingDraft {
  private readonly fields: Partial<Record<Field, unknown>> = {};
  private readonly sources: Record<string, FieldOrigin> = {};

  constructor(readonly portal: Portal) {}

  set<K extends Field>(key: K, value: ParsedListing[K] | null | undefined, origin: FieldOrigin): this {
    if (value === undefined || value === null || key in this.fields) return this;
    if (typeof value === 'string' && value.trim() === '') return this;
    if (Array.isArray(value) && value.length === 0) return this;
    const checked = parsedListingSchema.shape[key].safeParse(typeof value === 'string' ? value.trim() : value);
    if (!checked.success || checked.data === undefined) return this;
    this.fields[key] = checked.data;
    this.sources[key] = origin;
    return this;
  }

  has(key: Field): boolean {
    return key in this.fields;
  }

  /** Sets every fact a short text stated (see `factsFromText`). */
  setFacts(facts: TextFacts, origin: FieldOrigin): this {
    for (const [key, value] of Object.entries(facts)) {
      if (key === 'city') continue;
      this.set(key as Field, value as never, origin);
    }
    if (facts.city) this.set('city', facts.city, origin);
    return this;
  }

  /** Whether anything beyond the URL and identifiers was read. */
  get isEmpty(): boolean {
    return !['price', 'surface', 'rooms', 'title', 'dpeClass', 'propertyType'].some((k) => k in this.fields);
  }

  build(): ParsedListing {
    return { portal: this.portal, ...this.fields, sources: { ...this.sources } } as ParsedListing;
  }
}

/**
 * A portal's embedded JSON: deep, undocumented and changing shape. Walked with optional chaining;
 * every value that reaches a listing is checked by `ListingDraft.set` against the contract.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above, values are validated when set
export type PortalJson = any;
