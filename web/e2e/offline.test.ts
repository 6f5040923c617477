import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectVisibleText, signIn, signUp } from './flows';
import { launchBrowser, newPage, uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type KeptCard = { id: string; question: string; due: string; reps: number; state: string; stability: number };
type ServerCard = { id: string; question: string; due: string; reps: number; lapses: number; state: string };

const cardText = (page: Page) => page.getByTestId('card-text');
const waitForText = (page: Page, text: string | RegExp) =>
  expect.poll(() => cardText(page).textContent(), { timeout: 10_000 }).toMatch(text);

/** The cards this browser keeps for the signed-in learner (read straight from IndexedDB). */
const keptCards = (page: Page) =>
  page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    const name = dbs.find((d) => d.name?.startsWith('learnboost-offline-'))?.name;
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const cards = await new Promise<KeptCard[]>((resolve, reject) => {
      const req = db.transaction('cards').objectStore('cards').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return cards;
  });

/** Online once: the service worker takes the app, and the learner's cards are kept for offline. */
async function readyForOffline(page: Page, cards: number) {
  await page.goto('/flashcards');
  await page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await keptCards(page)).length, { timeout: 15_000 }).toBe(cards);
}

/** Offline, the page is opened again: from the service worker, with no network at all. */
async function reloadOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
}

async function rate(page: Page, question: string, key: '1' | '2' | '3' | '4') {
  await waitForText(page, question);
  await page.getByRole('button', { name: 'Flip', exact: true }).click();
  await expect.poll(() => cardText(page).textContent()).not.toBe(question);
  await page.keyboard.press(key);
}

const serverCards = async (page: Page) => (await callApi<{ cards: ServerCard[] }>(page, 'GET', '/flashcards')).cards;

describe('studying offline', () => {
  it('studies 10 cards offline, one undone, across an offline reload: the server gets exactly 9 reviews with the local dues', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      const questions = Array.from({ length: 10 }, (_, i) => `Offline card ${i + 1}`);
      await addCards(
        page,
        questions.map((question) => ({ question, answer: `Answer ${question}` })),
      );
      await readyForOffline(page, 10);
      await reloadOffline(context, page);
      await expectVisibleText(page, 'Offline · All changes synced');

      // Easy: each card leaves for days, so none comes back in this session.
      for (const question of questions) await rate(page, question, '4');
      await expectVisibleText(page, '10 reviews waiting to sync');
      await page.getByRole('button', { name: /Undo/ }).click();
      await waitForText(page, questions[9] as string);
      await expectVisibleText(page, '9 reviews waiting to sync');

      // Opened again with no network: the service worker serves the app, the outbox is still there.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
      await expectVisibleText(page, 'Offline · 9 reviews waiting to sync');
      await waitForText(page, questions[9] as string);
      const local = new Map((await keptCards(page)).map((c) => [c.question, c]));

      await context.setOffline(false);
      await expectVisibleText(page, 'All changes synced');
      const onServer = await serverCards(page);
      for (const question of questions.slice(0, 9)) {
        const card = onServer.find((c) => c.question === question);
        // Once each (one review: reps 1), due when the local schedule said.
        expect(card).toMatchObject({ reps: 1, state: 'review', due: local.get(question)?.due });
      }
      expect(onServer.find((c) => c.question === questions[9])).toMatchObject({ reps: 0, state: 'new' });
    } finally {
      await context.close();
    }
  });

  it('goes back to the server by itself when the network returns mid-session, keeping its progress and every rating once', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      const questions = ['Back online 1', 'Back online 2', 'Back online 3'];
      await addCards(
        page,
        questions.map((question) => ({ question, answer: `Answer ${question}` })),
      );
      await readyForOffline(page, 3);
      // Added after this browser took its copy: only the server's queue knows it.
      await addCards(page, [{ question: 'Added while away', answer: 'From the server' }]);
      await reloadOffline(context, page);
      const sent = { reviewed: [] as string[], synced: [] as string[] };
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'PUT' && /^\/api\/flashcards\/[^/]+\/review$/.test(url.pathname))
          sent.reviewed.push((request.postDataJSON() as { reviewId: string }).reviewId);
        if (request.method() === 'POST' && url.pathname === '/api/flashcards/reviews/sync') {
          const body = request.postDataJSON() as { reviews: { id: string }[] };
          sent.synced.push(...body.reviews.map((r) => r.id));
        }
      });
      await rate(page, questions[0] as string, '4');
      await rate(page, questions[1] as string, '4');
      await expectVisibleText(page, 'Offline · 2 reviews waiting to sync');
      await expectVisibleText(page, '2 reviewed · 1 to go');

      await context.setOffline(false);
      // The outbox is sent, and the rest of the session is the server's queue: the card added meanwhile joins.
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'synced' }).textContent())
        .toBe('All changes synced');
      await expectVisibleText(page, '2 reviewed · 2 to go');
      await rate(page, questions[2] as string, '4');
      await rate(page, 'Added while away', '4');
      await expectVisibleText(page, 'You made 4 reviews in this session.');
      await expect.poll(() => sent.reviewed.length, { timeout: 10_000 }).toBe(2);
      await expect
        .poll(async () => (await serverCards(page)).map((c) => [c.question, c.reps]).sort(), { timeout: 10_000 })
        .toEqual([...questions, 'Added while away'].map((q) => [q, 1]).sort());
      // Two reviews synced, two sent online: four reviews, each sent once under its own id.
      expect(new Set(sent.synced).size).toBe(2);
      expect(new Set([...sent.synced, ...sent.reviewed]).size).toBe(4);
      await expectVisibleText(page, 'All changes synced');
    } finally {
      await context.close();
    }
  });

  it('loses and doubles no rating made the moment the network returns, while the outbox is on its way', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      const questions = ['Racing 1', 'Racing 2', 'Racing 3', 'Racing 4'];
      await addCards(
        page,
        questions.map((question) => ({ question, answer: `Answer ${question}` })),
      );
      await readyForOffline(page, 4);
      await reloadOffline(context, page);
      await rate(page, questions[0] as string, '4');
      await rate(page, questions[1] as string, '4');
      await expectVisibleText(page, 'Offline · 2 reviews waiting to sync');
      // No waiting for the switch: these ratings land before, during or after the outbox is sent.
      await context.setOffline(false);
      await rate(page, questions[2] as string, '4');
      await rate(page, questions[3] as string, '4');
      await expectVisibleText(page, 'You made 4 reviews in this session.');
      await expect
        .poll(async () => (await serverCards(page)).map((c) => [c.question, c.reps]).sort(), { timeout: 15_000 })
        .toEqual(questions.map((q) => [q, 1]).sort());
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'synced' }).textContent(), { timeout: 15_000 })
        .toBe('All changes synced');
    } finally {
      await context.close();
    }
  });

  it('brings two browsers with the same account and their own offline reviews to the same final state', async () => {
    const learner = uniqueLearner();
    const one = await newPage(browser, baseURL);
    const two = await newPage(browser, baseURL);
    try {
      await signUp(one.page, learner);
      const questions = ['Shared 1', 'Shared 2', 'Shared 3'];
      await addCards(
        one.page,
        questions.map((question) => ({ question, answer: `Answer ${question}` })),
      );
      await signIn(two.page, learner.email, learner.password);
      await readyForOffline(one.page, 3);
      await readyForOffline(two.page, 3);
      await reloadOffline(one.context, one.page);
      await reloadOffline(two.context, two.page);

      // The same cards, rated differently on each device while both are offline (Hard, then
      // Again: both keep the cards in learning, within the days a browser keeps).
      for (const question of questions) await rate(one.page, question, '2');
      await expectVisibleText(one.page, '3 reviews waiting to sync');
      for (const question of questions) await rate(two.page, question, '1');
      await expectVisibleText(two.page, '3 reviews waiting to sync');

      await one.context.setOffline(false);
      await expectVisibleText(one.page, 'All changes synced');
      await two.context.setOffline(false);
      await expectVisibleText(two.page, 'All changes synced');
      // The first browser opens the page again: it takes the server's state, the other's reviews in it.
      await one.page.reload();
      await one.page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();

      const onServer = await serverCards(one.page);
      for (const question of questions) expect(onServer.find((c) => c.question === question)?.reps).toBe(2);
      const finalState = (cards: { question: string; due: string; reps: number; state: string }[]) =>
        questions.map((q) => {
          const c = cards.find((x) => x.question === q);
          return { question: q, due: c?.due, reps: c?.reps, state: c?.state };
        });
      await expect
        .poll(async () => finalState(await keptCards(one.page)), { timeout: 10_000 })
        .toEqual(finalState(onServer));
      await expect
        .poll(async () => finalState(await keptCards(two.page)), { timeout: 10_000 })
        .toEqual(finalState(onServer));
    } finally {
      await one.context.close();
      await two.context.close();
    }
  });

  it('shows the planner’s last data offline under the notice, and a change there says it is offline', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      await page.goto('/study-planner');
      await page.getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Seen once online (the worker now takes the page), then opened again with no network.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
      await expectVisibleText(page, 'Offline — showing your last saved data');
      await page.goto('/group-learning');
      await expectVisibleText(page, "You're offline");
    } finally {
      await context.close();
    }
  });

  it('shows the dashboard’s and the tests’ last data offline under the notice', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      await callApi(page, 'POST', '/knowledge-tests', {
        name: 'Rivers offline',
        text:
          'The Amazon River flows through Brazil, Peru and Colombia. It carries more water than any other river. ' +
          'Manaus is the largest city on its banks. The river was named by Francisco de Orellana in 1542.',
        requested: 1,
      });
      await addCards(page, [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: 'A2' },
      ]);
      for (const card of await serverCards(page))
        await callApi(page, 'PUT', `/flashcards/${card.id}/review`, { remembered: true, durationMs: 30_000 });
      const screens = [
        {
          path: '/progress-dashboard',
          heading: 'Progress Dashboard',
          data: () => page.getByRole('img', { name: /My Flashcards: 0 mastered, 2 pending/ }).waitFor(),
        },
        { path: '/knowledge-gaps', heading: 'Knowledge Tests', data: () => expectVisibleText(page, 'Rivers offline') },
      ];
      await page.goto('/progress-dashboard');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Seen once online with the worker in charge of the page, then opened again with no network.
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
        await screen.data();
      }
      await context.setOffline(true);
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
        await expectVisibleText(page, 'Offline — showing your last saved data');
        await screen.data();
      }
    } finally {
      await context.close();
    }
  });

  it('says "You’re offline" for AI, rooms, creating tests and imports instead of failing', async () => {
    const { context, page } = await newPage(browser, baseURL);
    // The action's own answer: a toast (the notice above some screens says it too).
    const saidOffline = () =>
      page.locator('[data-sonner-toast]').filter({ hasText: "You're offline" }).first().waitFor({ timeout: 10_000 });
    const openOffline = async (path: string, heading: string) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };
    try {
      await signUp(page, uniqueLearner());
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await context.setOffline(true);

      await openOffline('/study-agent', 'Study Agent');
      await page.getByLabel('Your question').fill('What is photosynthesis?');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      await saidOffline();
      await expectVisibleText(page, "You're offline — ask again once you are back online.");

      await openOffline('/group-learning', 'Group Learning');
      await page.getByRole('button', { name: '+ Create Room' }).click();
      const room = page.getByRole('dialog', { name: 'Create Room' });
      await room.getByLabel('Room Name').fill('Offline room');
      await room.getByLabel('Subject').fill('Biology');
      await room.getByRole('button', { name: 'Create Room' }).click();
      await saidOffline();
      await room.waitFor(); // left open, to try again

      await openOffline('/knowledge-gaps', 'Knowledge Tests');
      await page.getByRole('button', { name: '+ Create New Test' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Test' });
      await create.getByLabel('Test name').fill('Offline test');
      await create.getByLabel('Passage').fill('Mitochondria make most of the energy a cell uses.');
      await create.getByRole('button', { name: 'Generate MCQs' }).click();
      await saidOffline();

      await openOffline('/flashcards', 'Flashcards');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const cardsImport = page.getByRole('dialog', { name: 'Import Flashcards' });
      await cardsImport.getByLabel('Cards to import').fill('question,answer\n"Capital of France","Paris"');
      await cardsImport.getByRole('button', { name: 'Preview' }).click();
      await saidOffline();
    } finally {
      await context.close();
    }
  });

  it('shows a review of a card deleted meanwhile as not saved, once, and never sends it again', async () => {
    const learner = uniqueLearner();
    const { context, page } = await newPage(browser, baseURL);
    const other = await newPage(browser, baseURL);
    try {
      await signUp(page, learner);
      await addCards(page, [{ question: 'Deleted meanwhile', answer: 'Gone' }]);
      await readyForOffline(page, 1);
      await reloadOffline(context, page);
      await rate(page, 'Deleted meanwhile', '3');
      await expectVisibleText(page, '1 review waiting to sync');
      // Elsewhere, online, the card is deleted before this browser is back.
      await signIn(other.page, learner.email, learner.password);
      const [card] = await serverCards(other.page);
      await callApi(other.page, 'DELETE', `/flashcards/${card?.id}`);
      await context.setOffline(false);
      await expectVisibleText(page, 'Your review of "Deleted meanwhile" was not saved: The card was deleted');
      await expectVisibleText(page, 'All changes synced');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
      await expectVisibleText(page, 'All changes synced');
      expect(await page.getByText(/was not saved/).count()).toBe(0);
    } finally {
      await context.close();
      await other.context.close();
    }
  });

  it('asks before signing out with reviews waiting, and the next learner never sees them', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      await addCards(page, [{ question: 'Not yet sent', answer: 'Waiting' }]);
      await readyForOffline(page, 1);
      await reloadOffline(context, page);
      await rate(page, 'Not yet sent', '3');
      await expectVisibleText(page, '1 review waiting to sync');
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect
        .poll(() => asked)
        .toEqual(['1 review waiting to sync: they will be lost if you sign out now. Sign out anyway?']);
      // Still signed in, the review still waiting.
      await expectVisibleText(page, '1 review waiting to sync');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await context.setOffline(false);
      await signUp(page, uniqueLearner());
      // The next learner's own store, opened as they sign in (a moment after the page shows).
      const offlineStores = async () =>
        (await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).filter((n) =>
          n?.startsWith('learnboost-offline-'),
        );
      await expect.poll(offlineStores, { timeout: 10_000 }).toHaveLength(1);
      await page.goto('/flashcards');
      await expectVisibleText(page, 'All changes synced');
      expect(await keptCards(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes Chromium’s installability rules (manifest and service worker)', async () => {
    // A profile on disk: Chromium never offers to install from an incognito one.
    const profile = mkdtempSync(path.join(tmpdir(), 'lb-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('records a review once when its answer is lost on the way back and the rating is sent again', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await signUp(page, uniqueLearner());
      await addCards(page, [{ question: 'Lost answer', answer: 'Still counted once' }]);
      let dropped = 0;
      // The first answer is dropped after the server wrote the review: the client retries.
      await page.route('**/api/flashcards/*/review', async (route) => {
        if (dropped > 0) return route.continue();
        dropped += 1;
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.goto('/flashcards');
      await rate(page, 'Lost answer', '3');
      await expect.poll(async () => (await serverCards(page))[0]?.reps, { timeout: 15_000 }).toBe(1);
      await page.waitForTimeout(2500);
      expect(dropped).toBe(1);
      expect((await serverCards(page))[0]?.reps).toBe(1);
    } finally {
      await context.close();
    }
  });
});
