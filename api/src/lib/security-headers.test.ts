import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';

const t = useTestApp({ PUBLIC_URL: 'https://learnboost.example' });

describe('security headers', () => {
  it.each(['/api/health', '/api/flashcards', '/login'])('are on every answer (%s)', async (route) => {
    const { headers } = await t.request('GET', route);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' wss://learnboost.example");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('leave the web page no inline script for the CSP to block', () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    for (const tag of page.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      expect(tag).toMatch(/^<script\b[^>]*\bsrc=/);
      expect(tag).toMatch(/>\s*<\/script>$/);
    }
  });
});
