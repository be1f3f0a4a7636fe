/** An import that cannot go on (wrong file, wrong encoding, empty file…): its message is French and shown as is. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
}
