import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The id of the running build: BUILD_ID when set, else the id written next to the web build
 * by `npm run build`. Without a build (API-only tests) a random id per process.
 */
export function readBuildId(webBuildDir: string, override?: string): string {
  if (override) return override;
  const file = path.join(webBuildDir, 'build-id.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  return `dev-${randomBytes(6).toString('hex')}`;
}
