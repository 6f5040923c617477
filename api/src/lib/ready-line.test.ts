import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line';

const base = { HOST: '127.0.0.1', PORT: 3000, SEED_DEMO: true, DEMO_EMAIL: 'demo@learnboost.app', DEMO_PASSWORD: 'pw' };

describe('the start-up line', () => {
  it('names the address to open and the demo sign-in', () => {
    expect(readyLine(base)).toBe(
      'LearnBoost is ready at http://127.0.0.1:3000. Sign in with the demo account demo@learnboost.app / pw.',
    );
  });
  it('leaves the demo out when it is not seeded, and gives an openable address for a wildcard host', () => {
    expect(readyLine({ ...base, HOST: '0.0.0.0', PORT: 8080, SEED_DEMO: false })).toBe(
      'LearnBoost is ready at http://127.0.0.1:8080.',
    );
    expect(readyLine({ ...base, HOST: '::1' })).toMatch('http://[::1]:3000');
  });
  it("under pnpm dev, names Vite's address to open and the api's port as the api", () => {
    expect(readyLine({ ...base, PORT: 3001, DEV_WEB_URL: 'http://127.0.0.1:3000/' })).toBe(
      'LearnBoost is ready at http://127.0.0.1:3000 (pnpm dev: Vite, with hot reload; the api listens on http://127.0.0.1:3001). Sign in with the demo account demo@learnboost.app / pw.',
    );
  });
});
