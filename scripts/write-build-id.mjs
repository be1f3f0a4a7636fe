// Gives each web build its own id: the update notice compares it with the one the browser saw.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const id = `${new Date()
  .toISOString()
  .replace(/[-:.TZ]/g, '')
  .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
writeFileSync(new URL('../web/build/build-id.txt', import.meta.url), `${id}\n`);
console.log(`build id ${id}`);
