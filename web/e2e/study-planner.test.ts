import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, signUp } from './flows';
import { uniqueLearner } from './harness';
import { callApi } from './study-api';

const { page, baseURL } = browserPerTest();

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day as the planner keys its columns (YYYY-MM-DD). */
const keyOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const columnKeys = (p: Page) =>
  p.locator('[data-day]').evaluateAll((els) => els.map((e) => e.getAttribute('data-day')));

async function openPlanner(p: Page) {
  await p.goto('/study-planner');
  await p.getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
  await p.getByText('Weekly Plan').waitFor();
  await p.locator('[data-day]').first().waitFor();
}

describe('study planner', () => {
  it('keeps whole words in session titles on a laptop, and every session control inside its card', async () => {
    await signUp(page(), uniqueLearner());
    const monday = new Date();
    monday.setHours(9, 0, 0, 0);
    monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
    for (let day = 0; day < 7; day++)
      await callApi(page(), 'POST', '/study-planner/sessions', {
        title: `Photosynthesis and thermodynamics ${day + 1}`,
        subject: 'Biochemistry',
        duration: 45,
        scheduledAt: new Date(monday.getTime() + day * 86_400_000).toISOString(),
      });
    await openPlanner(page());
    await page().locator('[data-day] li').first().waitFor();
    const problems = await page()
      .locator('[data-day] li')
      .evaluateAll((items) =>
        items.flatMap((li) => {
          const found: string[] = [];
          const card = li.getBoundingClientRect();
          // A word wider than its line is broken inside ("Photosynt / hesis").
          for (const text of li.querySelectorAll<HTMLElement>('span')) {
            const probe = document.createElement('span');
            probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
            probe.style.font = getComputedStyle(text).font;
            for (const word of (text.textContent ?? '').split(/\s+/)) {
              probe.textContent = word;
              document.body.append(probe);
              if (probe.getBoundingClientRect().width > text.getBoundingClientRect().width + 0.5)
                found.push(`"${word}" is cut`);
              probe.remove();
            }
          }
          for (const control of li.querySelectorAll('button, input')) {
            const r = control.getBoundingClientRect();
            if (r.right > card.right + 0.5 || r.left < card.left - 0.5)
              found.push(`${control.getAttribute('aria-label')} sticks out`);
          }
          return found;
        }),
      );
    expect(problems).toEqual([]);
  });

  it("adds a session for today and shows it in today's column, done and deleted", async () => {
    await signUp(page(), uniqueLearner());
    await openPlanner(page());
    // The test browser and this process share the machine's zone, so "today" is the same day.
    const today = page().locator('[aria-current="date"]');
    expect(await today.getAttribute('data-day')).toBe(keyOf(new Date()));
    expect(await today.getByText('No sessions').isVisible()).toBe(true);

    await page().getByRole('button', { name: '+ Add Session' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add Session' });
    expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('60');
    // The time starts at the next full hour on the learner's clock (browser and test share a zone).
    const nextHour = new Date();
    nextHour.setHours(nextHour.getHours() + 1, 0, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(await dialog.getByLabel('Scheduled Date & Time').inputValue()).toBe(
      `${keyOf(nextHour)}T${pad(nextHour.getHours())}:00`,
    );
    await dialog.getByLabel('Session Title').fill('Linear algebra');
    await dialog.getByLabel('Subject').fill('Math');
    await dialog.getByLabel('Duration (minutes)').fill('45');
    await dialog.getByLabel('Scheduled Date & Time').fill(`${keyOf(new Date())}T12:30`);
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expectVisibleText(page(), 'Session added!');
    await dialog.waitFor({ state: 'hidden' });

    await today.getByText('Linear algebra').waitFor();
    expect(await today.getByText(/12:30 · 45 min/).isVisible()).toBe(true);

    await page().reload();
    await today.getByText('Linear algebra').waitFor();
    await Promise.all([
      page().waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/sessions/')),
      today.getByRole('checkbox', { name: 'Done: Linear algebra' }).check(),
    ]);
    await expectVisibleText(page(), 'Session marked done');
    await page().reload();
    await today.getByText('Linear algebra').waitFor();
    await expect.poll(() => today.getByRole('checkbox', { name: 'Done: Linear algebra' }).isChecked()).toBe(true);

    await today.getByRole('button', { name: 'Delete Linear algebra' }).click();
    await today.getByText('No sessions').waitFor();
  });

  it('edits a session in place: its title, length and time, kept after a reload', async () => {
    await signUp(page(), uniqueLearner());
    const at = new Date();
    at.setHours(9, 0, 0, 0);
    await callApi(page(), 'POST', '/study-planner/sessions', {
      title: 'Organic chem',
      subject: 'Chemistry',
      duration: 30,
      scheduledAt: at.toISOString(),
    });
    await openPlanner(page());
    const today = page().locator('[aria-current="date"]');
    await today.getByText('Organic chem').waitFor();
    await today.getByRole('button', { name: 'Edit Organic chem' }).click();
    const dialog = page().getByRole('dialog', { name: 'Edit Session' });
    expect(await dialog.getByLabel('Session Title').inputValue()).toBe('Organic chem');
    expect(await dialog.getByLabel('Scheduled Date & Time').inputValue()).toBe(`${keyOf(at)}T09:00`);
    await dialog.getByLabel('Session Title').fill('Organic chemistry: alkenes');
    await dialog.getByLabel('Duration (minutes)').fill('50');
    await dialog.getByLabel('Scheduled Date & Time').fill(`${keyOf(at)}T11:15`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisibleText(page(), 'Session updated');
    await today.getByText('Organic chemistry: alkenes').waitFor();
    expect(await today.getByText(/11:15 · 50 min/).isVisible()).toBe(true);
    await page().reload();
    await today.getByText('Organic chemistry: alkenes').waitFor();
    expect(await today.getByText('Organic chem', { exact: true }).count()).toBe(0);
  });

  it('says "Please fill in all fields" and names the missing field', async () => {
    await signUp(page(), uniqueLearner());
    await openPlanner(page());
    await page().getByRole('button', { name: '+ Add Session' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add Session' });
    await dialog.getByLabel('Session Title').fill('No subject yet');
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expectVisibleText(page(), 'Please fill in all fields: Subject is missing');
    expect(await dialog.isVisible()).toBe(true);
  });

  it('moves to the next and previous week and back to today', async () => {
    await signUp(page(), uniqueLearner());
    await openPlanner(page());
    const thisWeek = await columnKeys(page());
    expect(thisWeek).toHaveLength(7);
    expect(thisWeek).toContain(keyOf(new Date()));
    const weekdays = await page().locator('[data-day] h3 span:first-child').allTextContents();
    expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

    const monday = new Date(`${thisWeek[0]}T12:00:00`);
    const shifted = (days: number) => {
      const d = new Date(monday);
      d.setDate(d.getDate() + days);
      return keyOf(d);
    };

    await page().getByRole('button', { name: 'Next week' }).click();
    await expect.poll(async () => (await columnKeys(page()))[0]).toBe(shifted(7));
    expect(await page().locator('[aria-current="date"]').count()).toBe(0);

    await page().getByRole('button', { name: 'Previous week' }).click();
    await page().getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(async () => (await columnKeys(page()))[0]).toBe(shifted(-7));

    await page().getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => columnKeys(page())).toEqual(thisWeek);
  });

  it('asks for whole local weeks across a daylight-saving change (New York, November 2026)', async () => {
    const browser = page().context().browser();
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York' });
    try {
      const p = await context.newPage();
      // Wednesday 28 October 2026 in New York; clocks go back on Sunday 1 November.
      await p.clock.setFixedTime(new Date('2026-10-28T12:00:00-04:00'));
      await signUp(p, uniqueLearner());
      const asked: string[] = [];
      p.on('request', (r) => {
        if (r.url().includes('/api/study-planner/calendar')) asked.push(new URL(r.url()).search);
      });
      await openPlanner(p);
      expect(await columnKeys(p)).toEqual([
        '2026-10-26',
        '2026-10-27',
        '2026-10-28',
        '2026-10-29',
        '2026-10-30',
        '2026-10-31',
        '2026-11-01',
      ]);
      await p.getByRole('button', { name: 'Next week' }).click();
      await expect.poll(async () => (await columnKeys(p))[0]).toBe('2026-11-02');
      const ranges = [...new Set(asked)].map((q) => Object.fromEntries(new URLSearchParams(q)));
      // 169 hours from Monday midnight EDT to Monday midnight EST, then a normal 168-hour week.
      expect(ranges).toEqual([
        { from: '2026-10-26T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' },
        { from: '2026-11-02T05:00:00.000Z', to: '2026-11-09T05:00:00.000Z' },
      ]);
    } finally {
      await context.close();
    }
  });
});
