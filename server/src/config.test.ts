import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
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
