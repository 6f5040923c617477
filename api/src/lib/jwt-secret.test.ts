import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './jwt-secret';

describe('the token secret', () => {
  it('is generated once and read back after a restart, so sign-ins survive it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lb-secret-')), 'nested');
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('is JWT_SECRET when one is configured', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lb-secret-'));
    expect(resolveJwtSecret('configured-secret-of-enough-length-123', dir)).toBe(
      'configured-secret-of-enough-length-123',
    );
  });
});
