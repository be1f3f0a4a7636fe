// Copies the SQL migrations next to the compiled server code (tsc copies only TypeScript).
import { cpSync } from 'node:fs';

const here = new URL('../server/', import.meta.url);
cpSync(new URL('src/db/migrations/', here), new URL('dist/db/migrations/', here), { recursive: true });
