/**
 * Listings API, subscriber-only (session or access key): DPE localisation of a listing
 * (`GET /api/localisation`), reading a listing from its URL, page source or text
 * (`POST /api/listings/parse`), its analysis, and « Mes annonces » (each user's own only), also as CSV.
 */

import { parisIsoDate } from '@immoloupe/shared/format';
import { PAGE_TOO_LONG, parseRequestSchema } from '@immoloupe/shared/listings/api-contracts';
import { localisationQuerySchema } from '@immoloupe/shared/listings/localisation.logic';
import { PARSE_MESSAGES } from '@immoloupe/shared/listings/parse';
import { SAVED_LISTING_CSV_HEADER, savedListingCsvCells } from '@immoloupe/shared/listings/saved-csv.logic';
import {
  AUTO_LIST_PAGE_SIZE,
  autoListQuerySchema,
  listingSearchSchema,
  type PoolResponse,
  poolPageQuerySchema,
} from '@immoloupe/shared/listings/search';
import {
  listingAnalysisRequestSchema,
  listingFieldsSchema,
  listingUpdateSchema,
  SAVED_LISTINGS_PAGE_SIZE,
  type SavedListingList,
  savedListingQuerySchema,
} from '@immoloupe/shared/listings/store.logic';
import { CSV_BOM, csvLine } from '@immoloupe/shared/market/csv';
import express, { type Request, Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { OutboundError } from '../../http/outbound.js';
import { resolveZone } from '../zone/index.js';
import { analyseListing, mapPositions } from './analysis.js';
import { fetchListingPage, type PageFetcher } from './fetch-page.js';
import { localise } from './localisation.js';
import { parseInThread } from './parse-thread.js';
import { autoList, POOL_LIMIT, savePoolListing, searchPool, withMarket } from './pool.js';
import { deleteSaved, listSaved, pageSaved, savedById, saveSighting, updateSaved } from './store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Cette annonce n’existe pas ou ne vous appartient pas.';

function userId(req: Request): string {
  // requireSubscriber ran before: the user is set.
  return (req.user as { id: string }).id;
}

function listingId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

export interface ListingRoutesDeps {
  db: Db;
  /** Injected by tests (no internet): how a portal page is fetched. */
  fetchPage?: PageFetcher;
}

export function listingRoutes({ db, fetchPage = fetchListingPage }: ListingRoutesDeps): Router {
  const router = Router();

  router.get('/localisation', requireSubscriber, async (req, res) => {
    const query = localisationQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ candidates: await localise(db, query) });
  });

  // A page source can weigh megabytes (a leboncoin page: 2.2 MB): it is sent as `text/html`, past
  // the API's 1 MB JSON limit; the URL and portal then come in the query string. 3 MB is what a real
  // page needs (a page of multi-byte characters is longer in bytes than in characters: 4 MB).
  const readPage = express.text({ type: 'text/html', limit: '4mb' });
  const pageBody: express.RequestHandler = (req, res, next) =>
    readPage(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new HttpError(413, PAGE_TOO_LONG));
      next(err);
    });

  router.post('/listings/parse', requireSubscriber, pageBody, async (req, res) => {
    const body = typeof req.body === 'string' ? { ...req.query, html: req.body } : (req.body ?? {});
    const input = parseRequestSchema.parse(body);
    let html = input.html;
    if (!html && !input.text && input.url) {
      let page: { status: number; html: string };
      try {
        page = await fetchPage(input.url);
      } catch (error) {
        // A refused redirect, an oversized page or a timeout says which; the rest stays generic.
        const why = error instanceof OutboundError ? ` ${error.message}` : '';
        throw new HttpError(422, `La page de l’annonce n’a pas pu être récupérée.${why} Collez son texte ou son code source.`);
      }
      html = page.html;
    }
    const result = await parseInThread({ ...input, html });
    res.setHeader('Cache-Control', 'private, no-store');
    if (!result.ok) throw new HttpError(422, result.message || PARSE_MESSAGES[result.reason]);
    res.json(result.listing);
  });

  router.post('/listings/analysis', requireSubscriber, async (req, res) => {
    const { fees, ...fields } = listingAnalysisRequestSchema.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await analyseListing(db, fields, parisIsoDate(new Date()), req.user?.role ?? null, fees ?? null));
  });

  // Without `page`, every saved listing (the listings map); with it, one page of « Mes annonces ».
  router.get('/listings/saved', requireSubscriber, async (req, res) => {
    const q = savedListingQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    let body: SavedListingList;
    if (q.page === undefined) {
      const listings = await listSaved(db, userId(req));
      body = { listings, total: listings.length, page: 1, pageSize: listings.length };
    } else {
      const found = await pageSaved(db, userId(req), { ...q, page: q.page });
      body = { ...found, page: q.page, pageSize: SAVED_LISTINGS_PAGE_SIZE };
    }
    res.json(body);
  });

  // The page has no filter: every saved listing, in the page's order.
  router.get('/listings/saved.csv', requireSubscriber, async (req, res) => {
    let out = CSV_BOM + csvLine(SAVED_LISTING_CSV_HEADER);
    for (const l of await listSaved(db, userId(req))) out += csvLine(savedListingCsvCells(l));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    // The subscriber's calendar day: a UTC date is the day before in Paris until 1 or 2 a.m.
    res.setHeader('Content-Disposition', `attachment; filename="mes-annonces-${parisIsoDate(new Date())}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(out);
  });

  router.get('/listings/map', requireSubscriber, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ points: await mapPositions(db, await listSaved(db, userId(req))) });
  });

  router.post('/listings/saved', requireSubscriber, async (req, res) => {
    const fields = listingFieldsSchema.parse(req.body ?? {});
    const saved = await db.transaction((tx) => saveSighting(tx, userId(req), fields));
    res.status(saved.merged ? 200 : 201).json(saved);
  });

  // The pool of imported listings: one listing search (the map's filters, a saved `annonces` search).
  // Without `page`, the map's newest; with it, one page of the list beside the map (decision 1440).
  router.get('/listings/pool', requireSubscriber, async (req, res) => {
    const q = listingSearchSchema.parse(req.query);
    const paging = poolPageQuerySchema.parse(req.query);
    const { zone } = await resolveZone(db, userId(req), q);
    const page = paging.page ?? 1;
    const pageSize = paging.page === undefined ? POOL_LIMIT : AUTO_LIST_PAGE_SIZE;
    const sort = paging.page === undefined ? undefined : paging.sort;
    const found = await searchPool(db, q, zone, { limit: pageSize, offset: (page - 1) * pageSize, sort, order: paging.order });
    res.setHeader('Cache-Control', 'private, no-store');
    const body: PoolResponse = {
      total: found.total,
      listings: await withMarket(db, found.rows),
      page,
      pageSize,
      sort: sort ?? 'recent',
      order: sort === undefined ? 'desc' : paging.order,
    };
    res.json(body);
  });

  // /pro/listeautomatique, one page; reading it records the visit (the next one marks only newer listings).
  router.get('/listings/auto', requireSubscriber, async (req, res) => {
    const query = autoListQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await autoList(db, userId(req), query));
  });

  router.post('/listings/pool/:id/save', requireSubscriber, async (req, res) => {
    const saved = await db.transaction((tx) => savePoolListing(tx, userId(req), listingId(req)));
    if (!saved) throw new HttpError(404, 'Cette annonce n’est pas dans les flux importés.');
    // Taken from the pool, it brings the pool's price history; taken again, nothing changes.
    res.status(saved.created ? 201 : 200).json({ id: saved.id, merged: !saved.created, pricePoint: saved.created ? 'added' : 'none' });
  });

  router.get('/listings/saved/:id', requireSubscriber, async (req, res) => {
    const listing = await savedById(db, userId(req), listingId(req));
    if (!listing) throw new HttpError(404, NOT_FOUND);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(listing);
  });

  router.patch('/listings/saved/:id', requireSubscriber, async (req, res) => {
    const id = listingId(req);
    const update = listingUpdateSchema.parse(req.body ?? {});
    if (!(await updateSaved(db, userId(req), id, update))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.delete('/listings/saved/:id', requireSubscriber, async (req, res) => {
    if (!(await deleteSaved(db, userId(req), listingId(req)))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
