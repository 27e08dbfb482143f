import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }, '/nonexistent/.env');

const S3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'receipts',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the S3 settings', () => {
  it('are all five, or none', () => {
    expect(load({}).S3_BUCKET).toBeUndefined();
    const config = load({ ...S3, S3_FORCE_PATH_STYLE: 'true' });
    expect(config.S3_BUCKET).toBe('receipts');
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('refuse a partial set, naming what is missing', () => {
    const { S3_REGION: _region, S3_SECRET_ACCESS_KEY: _secret, ...partial } = S3;
    expect(() => load(partial)).toThrow(/S3_REGION, S3_SECRET_ACCESS_KEY: missing/);
  });

  it('refuse a prefix or path style without a store, and a path style that is not a boolean', () => {
    expect(() => load({ S3_PREFIX: 'warrantly/' })).toThrow(/S3_PREFIX: is set but no S3 store is/);
    expect(() => load({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
  });
});
