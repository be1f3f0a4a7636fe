/**
 * Messages from the content script to the background worker, which alone holds the key and talks
 * to the server: the page never sees the key, and the portal's origin never calls our API.
 */
import type { ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import type { PricePoint } from '@immoloupe/shared/listings/store.logic';
import type { ApiFailure } from './api-client';

export type Request = { type: 'analyse'; listing: ParsedListing } | { type: 'save'; listing: ParsedListing } | { type: 'open-settings' };

export type Failure = { ok: false; kind: ApiFailure; message: string };
export type AnalyseReply = { ok: true; analysis: ListingAnalysis; serverUrl: string } | Failure;
export type SaveReply = { ok: true; merged: boolean; pricePoint: PricePoint } | Failure;

export function sendMessage(message: { type: 'analyse'; listing: ParsedListing }): Promise<AnalyseReply>;
export function sendMessage(message: { type: 'save'; listing: ParsedListing }): Promise<SaveReply>;
export function sendMessage(message: { type: 'open-settings' }): Promise<void>;
export function sendMessage(message: Request): Promise<unknown> {
  return chrome.runtime.sendMessage(message);
}
