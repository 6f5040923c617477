import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

const violations: string[] = [];

/** Every CSP violation a page reports, from the console and from the DOM event. */
async function watchViolations(p: Page): Promise<void> {
  p.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  // Injected by the browser itself, before the page's own scripts: the CSP does not apply to it.
  await p.context().addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile})`);
    });
  });
}

async function visit(p: Page, route: string, heading: string | RegExp): Promise<void> {
  await p.goto(route);
  await p.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  // Lazy chunks, the socket and images load after the heading shows.
  await p.waitForLoadState('networkidle');
  // Each page load starts a new list: read it before leaving.
  violations.push(...((await p.evaluate(() => window.cspViolations)) ?? []));
}

describe('the Content-Security-Policy', () => {
  it('is sent with the page and no page breaks it, signed out, signed in, light or dark', async () => {
    await watchViolations(page());
    const first = await page().goto('/login');
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(first?.headers()['x-frame-options']).toBe('DENY');
    await visit(page(), '/login', /./);
    await visit(page(), '/register', /./);

    await signUp(page(), uniqueLearner());
    // The dark theme is set by /theme.js before the first paint (it used to be an inline script).
    await page().evaluate(() => localStorage.setItem('theme', 'dark'));
    await visit(page(), '/', /^Good (morning|afternoon|evening)/);
    expect(await page().evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    const roomId = await page().evaluate(async () => {
      const res = await fetch('/api/group-learning/rooms', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('auth_token')}` },
        body: JSON.stringify({ title: 'CSP room', topic: 'Headers' }),
      });
      return ((await res.json()) as { id: string }).id;
    });
    for (const [route, heading] of [
      ['/flashcards', 'Flashcards'],
      ['/study-planner', 'Study Planner'],
      ['/progress-dashboard', 'Progress Dashboard'],
      ['/knowledge-gaps', 'Knowledge Tests'],
      ['/group-learning', 'Group Learning'],
      [`/group-learning/${roomId}`, 'Group Learning'],
      ['/study-agent', 'Study Agent'],
    ] as const) {
      await visit(page(), route, heading);
    }
    await visit(page(), '/no-such-page', 'Oops! Page not found');

    expect(violations).toEqual([]);
  });
});
