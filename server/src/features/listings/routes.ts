/**
 * Listings API, subscriber-only (session or access key): DPE localisation of a listing
 * (`GET /api/localisation`) and reading a listing from its URL, page source or text
 * (`POST /api/listings/parse`).
 */

import { parseRequestSchema } from '@immoloupe/shared/listings/api-contracts';
import { localisationQuerySchema } from '@immoloupe/shared/listings/localisation.logic';
import { PARSE_MESSAGES, parseListing } from '@immoloupe/shared/listings/parse';
import express, { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { fetchListingPage, type PageFetcher } from './fetch-page.js';
import { localise } from './localisation.js';

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

  // A page source can weigh megabytes (a leboncoin page: 2 MB): it is sent as `text/html`, past the
  // API's 1 MB JSON limit; the URL and portal then come in the query string.
  const pageBody = express.text({ type: 'text/html', limit: '6mb' });

  router.post('/listings/parse', requireSubscriber, pageBody, async (req, res) => {
    const body = typeof req.body === 'string' ? { ...req.query, html: req.body } : (req.body ?? {});
    const input = parseRequestSchema.parse(body);
    let html = input.html;
    if (!html && !input.text && input.url) {
      let page: { status: number; html: string };
      try {
        page = await fetchPage(input.url);
      } catch {
        throw new HttpError(422, 'La page de l’annonce n’a pas pu être récupérée. Collez son texte ou son code source.');
      }
      html = page.html;
    }
    const result = parseListing({ ...input, html });
    res.setHeader('Cache-Control', 'private, no-store');
    if (!result.ok) throw new HttpError(422, result.message || PARSE_MESSAGES[result.reason]);
    res.json(result.listing);
  });

  return router;
}
