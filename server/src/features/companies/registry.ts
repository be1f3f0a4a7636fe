/**
 * Registered offices of companies by SIREN, from the public « API Recherche d'entreprises »
 * (recherche-entreprises.api.gouv.fr, no key), cached in `company_offices`: a SIREN found is asked
 * again after 30 days, one the API does not know after 7. The API asks for 7 calls a second at
 * most: calls are spaced by 1/7 s in this process, and an answer 429 is waited for once
 * (`Retry-After`, 5 s at most). An unreachable API is not recorded and is said in French.
 */
import { type CompanyOffice, officeOfAnswer, searchAnswerSchema } from '@immoloupe/shared/companies/office.logic';
import type { Queryable } from '../../db/client.js';
import { type OutboundResponse, outboundFetch } from '../../http/outbound.js';

export const RECHERCHE_ENTREPRISES_URL = 'https://recherche-entreprises.api.gouv.fr';
export const REGISTRY_UNREACHABLE =
  'L’annuaire des entreprises (API Recherche d’entreprises) est injoignable\u00a0: les sièges sociaux ne sont pas connus pour le moment, les lettres vont à la gérance, à l’adresse de la parcelle.';

const SIREN = /^\d{9}$/;
const FOUND_DAYS = 30;
const UNKNOWN_DAYS = 7;
/** One result per page: a few kilobytes. */
const MAX_ANSWER_BYTES = 1_000_000;

export class RegistryUnreachable extends Error {
  constructor(cause?: unknown) {
    super(REGISTRY_UNREACHABLE, { cause });
  }
}

export interface CompanyRegistryOptions {
  baseUrl?: string;
  /** Calls a second at most (the API documents 7). */
  perSecond?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class CompanyRegistry {
  private readonly baseUrl: string;
  private readonly spacingMs: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  /** The calls wait their turn on this chain: one start every `spacingMs`. */
  private turn: Promise<void> = Promise.resolve();

  constructor(options: CompanyRegistryOptions = {}) {
    this.baseUrl = (options.baseUrl ?? RECHERCHE_ENTREPRISES_URL).replace(/\/$/, '');
    this.spacingMs = 1000 / (options.perSecond ?? 7);
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async slot(): Promise<void> {
    const mine = this.turn.then(() => new Promise<void>((r) => setTimeout(r, this.spacingMs)));
    const start = this.turn;
    this.turn = mine;
    await start;
  }

  /** The office of one SIREN, null when the API knows no active office; throws `RegistryUnreachable`. */
  async office(siren: string): Promise<CompanyOffice | null> {
    for (let attempt = 0; ; attempt++) {
      await this.slot();
      let res: OutboundResponse;
      try {
        res = await outboundFetch(`${this.baseUrl}/search?q=${encodeURIComponent(siren)}&page=1&per_page=1`, {
          headers: { accept: 'application/json' },
          timeoutMs: this.timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
          fetch: this.fetchImpl,
        });
      } catch (error) {
        throw new RegistryUnreachable(error);
      }
      if (res.status === 429 && attempt === 0) {
        const wait = Math.min(5, Number(res.headers.get('retry-after')) || 1);
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      if (!res.ok) throw new RegistryUnreachable(new Error(`HTTP ${res.status}`));
      const parsed = searchAnswerSchema.safeParse(res.json());
      if (!parsed.success) throw new RegistryUnreachable(parsed.error);
      return officeOfAnswer(parsed.data, siren);
    }
  }
}

export interface OfficesResult {
  offices: Map<string, CompanyOffice>;
  /** SIREN asked of the API this time (not in the cache, or too old). */
  asked: number;
  /** Set when the API could not be reached: what is not cached stays unknown. */
  unreachable: string | null;
}

/**
 * The offices of `sirens` (invalid ones skipped): from the cache, then from the API for those not
 * cached or too old, `budget` calls at most (the rest wait for a next time).
 */
export async function companyOffices(
  db: Queryable,
  registry: CompanyRegistry | null,
  sirens: Iterable<string>,
  budget = 200,
): Promise<OfficesResult> {
  const wanted = [...new Set([...sirens].filter((s) => SIREN.test(s)))];
  const offices = new Map<string, CompanyOffice>();
  if (wanted.length === 0) return { offices, asked: 0, unreachable: null };
  const rows = await db.query<{
    siren: string;
    found: boolean;
    name: string | null;
    complement: string | null;
    street: string | null;
    postcode: string | null;
    town: string | null;
    fresh: boolean;
  }>(
    `SELECT siren, found, name, complement, street, postcode, town,
            fetched_at > now() - make_interval(days => CASE WHEN found THEN ${FOUND_DAYS} ELSE ${UNKNOWN_DAYS} END) AS fresh
       FROM company_offices WHERE siren = ANY($1::text[])`,
    [wanted],
  );
  const cached = new Map(rows.map((r) => [r.siren, r]));
  for (const r of rows)
    if (r.found && r.street && r.town)
      offices.set(r.siren, { name: r.name, complement: r.complement, street: r.street, postcode: r.postcode, town: r.town });
  const stale = wanted.filter((s) => !cached.get(s)?.fresh).slice(0, registry ? budget : 0);
  let asked = 0;
  for (const siren of stale) {
    let office: CompanyOffice | null;
    try {
      office = await (registry as CompanyRegistry).office(siren);
    } catch (error) {
      if (error instanceof RegistryUnreachable) return { offices, asked, unreachable: error.message };
      throw error;
    }
    asked++;
    await db.query(
      `INSERT INTO company_offices (siren, found, name, complement, street, postcode, town, fetched_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (siren) DO UPDATE SET found = EXCLUDED.found, name = EXCLUDED.name, complement = EXCLUDED.complement,
         street = EXCLUDED.street, postcode = EXCLUDED.postcode, town = EXCLUDED.town, fetched_at = now()`,
      [
        siren,
        office !== null,
        office?.name ?? null,
        office?.complement ?? null,
        office?.street ?? null,
        office?.postcode ?? null,
        office?.town ?? null,
      ],
    );
    if (office) offices.set(siren, office);
    else offices.delete(siren);
  }
  return { offices, asked, unreachable: null };
}
