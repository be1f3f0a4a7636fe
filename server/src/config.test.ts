import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

describe('config', () => {
  it('documents every variable of the configuration exactly once in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string);
    const twice = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect(twice).toEqual([]);
    // NODE_ENV is set by the commands themselves, STRIPE_API_* point tests at a fake Stripe; the
    // open-data variables live in their own module.
    const internal = (name: string) => name === 'NODE_ENV' || name.startsWith('STRIPE_API_');
    expect(ENV_VARIABLES.filter((name) => !internal(name) && !documented.includes(name))).toEqual([]);
  });

  it('has working defaults: PGlite in ./data, port 3000', () => {
    const c = loadConfig({});
    expect(c.DATA_DIR).toBe('./data');
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'pas une url', GA_MEASUREMENT_ID: 'UA-1', META_PIXEL_PATHS: '(' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('GA_MEASUREMENT_ID');
      expect(problems).toContain('META_PIXEL_PATHS');
    }
  });
});
