/**
 * The worker thread that reads listings (see parse-thread.ts): a page source of megabytes takes its
 * DOM building time here, off the thread that answers every other request.
 */
import { parentPort } from 'node:worker_threads';
import type { ParseInput } from '@immoloupe/shared/listings/contracts';
import { parseListing } from '@immoloupe/shared/listings/parse';

parentPort?.on('message', (message: { id: number; input: ParseInput }) => {
  let reply: { id: number; result?: unknown; error?: string };
  try {
    reply = { id: message.id, result: parseListing(message.input) };
  } catch (e) {
    reply = { id: message.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
