import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './audit';
import { expectVisibleText, signUp } from './flows';
import { launchBrowser, newPage, PHONE, uniqueLearner } from './harness';
import { callApi } from './study-api';

// The room deck (issue 24) in two browsers: a live edit, a conflict merged by hand, both learners
// studying the deck, and the group's weakest cards (a third learner studies it over the api).
const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function learnerPage(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, baseURL, viewport);
  await signUp(page, uniqueLearner());
  return page;
}

const usernameOf = async (page: Page) => (await callApi<{ username: string }>(page, 'GET', '/auth/me')).username;

/** A 4×4 PNG drawn in the page, uploaded as the room's media: its name. */
const uploadRoomImage = (page: Page, roomId: string) =>
  page.evaluate(async (id) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4;
    canvas.height = 4;
    const ctx = canvas.getContext('2d');
    if (ctx) ctx.fillStyle = '#b91c1c';
    ctx?.fillRect(0, 0, 4, 4);
    const png = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    const res = await fetch(`/api/group-learning/${id}/media`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}` },
      body: png,
    });
    if (res.status !== 201) throw new Error(`image upload answered ${res.status}`);
    return ((await res.json()) as { name: string }).name;
  }, roomId);

/** Both themes, as the learner would switch: no serious or critical axe violation. */
async function auditBothThemes(page: Page) {
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

async function rememberRoomCards(page: Page, roomId: string) {
  const { deckId } = await callApi<{ deckId: string }>(page, 'POST', `/group-learning/${roomId}/study`);
  const queue = await callApi<{ cards: { id: string }[] }>(page, 'GET', `/flashcards/study?deckId=${deckId}`);
  for (const card of queue.cards) await callApi(page, 'PUT', `/flashcards/${card.id}/review`, { rating: 1 });
}

describe('the room deck', () => {
  it('two learners edit one card, one merges the conflict, both study it, and the room shows its weakest cards', async () => {
    const host = await learnerPage();
    const guest = await learnerPage();
    const title = `Anatomy ${Date.now()}`;
    await host.goto('/group-learning');
    const room = await callApi<{ id: string }>(host, 'POST', '/group-learning/rooms', { title, topic: 'Bones' });
    await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, { question: 'Femur?', answer: 'Thigh' });
    await guest.goto('/group-learning');
    await callApi(guest, 'POST', `/group-learning/${room.id}/join`, {});

    const hostRoom = host.getByRole('dialog', { name: title });
    const guestRoom = guest.getByRole('dialog', { name: title });
    for (const [page, dialog] of [
      [host, hostRoom],
      [guest, guestRoom],
    ] as const) {
      await page.goto(`/group-learning/${room.id}`);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Edit the deck' }).click();
      await dialog.getByRole('button', { name: 'Edit card: Femur?' }).click();
    }
    // "Ana is editing": each sees the other in the open editor (a warning, not a lock).
    const [hostName, guestName] = [await usernameOf(host), await usernameOf(guest)];
    await guestRoom
      .getByRole('form', { name: 'Edit card' })
      .getByText(`${hostName} is editing`)
      .waitFor({ timeout: 3000 });
    await hostRoom
      .getByRole('form', { name: 'Edit card' })
      .getByText(`${guestName} is editing`)
      .waitFor({ timeout: 3000 });

    await hostRoom.getByLabel('Answer', { exact: true }).first().fill('The thigh bone');
    await hostRoom.getByRole('button', { name: 'Save card' }).click();
    await expectVisibleText(host, 'Card saved');

    await guestRoom.getByLabel('Answer', { exact: true }).first().fill('Longest bone');
    await guestRoom.getByRole('button', { name: 'Save card' }).click();
    const conflict = guest.getByRole('dialog', { name: 'Someone changed this card' });
    await conflict.waitFor();
    await expect
      .poll(() => conflict.getByRole('region', { name: 'Their version' }).textContent())
      .toContain('The thigh bone');
    expect(await conflict.getByRole('region', { name: 'Your version' }).textContent()).toContain('Longest bone');
    await auditBothThemes(guest);
    await conflict.getByRole('button', { name: 'Merge by hand' }).click();
    await guestRoom.getByLabel('Answer', { exact: true }).first().fill('The thigh bone, the longest');
    await guestRoom.getByRole('button', { name: 'Save card' }).click();
    await expectVisibleText(guest, 'Card saved');
    await hostRoom.getByText('The thigh bone, the longest').waitFor({ timeout: 2000 });

    // The activity list, live, newest first; the guest takes their change back.
    const hostActivity = hostRoom.getByRole('list', { name: 'Room activity' });
    await expect.poll(() => hostActivity.locator('li').first().textContent()).toContain(`${guestName} edited “Femur?”`);
    await guestRoom.getByRole('button', { name: 'Undo my last change' }).click();
    await expectVisibleText(guest, 'Your last change is undone');
    await expect
      .poll(() => hostActivity.locator('li').first().textContent())
      .toContain(`${guestName} undid a change to “Femur?”`);
    await expect.poll(() => hostRoom.getByText('The thigh bone, the longest').count()).toBe(0);

    for (const [page, dialog] of [
      [host, hostRoom],
      [guest, guestRoom],
    ] as const) {
      await dialog.getByRole('button', { name: 'Study this deck' }).click();
      await expectVisibleText(page, `Added to your decks as “${title}”`);
      await dialog.getByRole('button', { name: 'Stop studying' }).waitFor();
    }

    // A third learner makes three: the group's weakest cards appear (aggregates only).
    const third = await learnerPage();
    await third.goto('/group-learning');
    await callApi(third, 'POST', `/group-learning/${room.id}/join`, {});
    for (const page of [host, guest, third]) await rememberRoomCards(page, room.id);
    await host.reload();
    await hostRoom.waitFor();
    const weakest = hostRoom.getByRole('region', { name: "The group's weakest cards" });
    await expect.poll(() => weakest.textContent()).toContain('would recall it today (3 learners)');
    await auditBothThemes(host);
    // Three learners in three browsers on a machine shared with other work: more than the default minute.
  }, 180_000);
});

describe('the room deck on a phone (390×844)', () => {
  it("shows a card's image from the room's media, and axe finds no serious or critical violation on the deck list, the editor with its warning, the conflict and studying, in either theme", async () => {
    const host = await learnerPage();
    const phone = await learnerPage(PHONE);
    const title = `Histology ${Date.now()}`;
    await host.goto('/group-learning');
    const room = await callApi<{ id: string }>(host, 'POST', '/group-learning/rooms', { title, topic: 'Tissues' });
    await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, {
      question: 'Neuron?',
      answer: 'Nerve cell',
    });
    // A card whose HTML shows an image stored as the room's media.
    const image = await uploadRoomImage(host, room.id);
    await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, {
      question: `<p>Which tissue?</p><img src="${image}" alt="Striated muscle fibres">`,
      answer: 'Skeletal muscle',
      format: 'html',
    });
    await phone.goto('/group-learning');
    await callApi(phone, 'POST', `/group-learning/${room.id}/join`, {});
    const hostName = await usernameOf(host);

    const hostRoom = host.getByRole('dialog', { name: title });
    await host.goto(`/group-learning/${room.id}`);
    await hostRoom.getByRole('button', { name: 'Edit the deck' }).click();
    await hostRoom.getByRole('button', { name: 'Edit card: Neuron?' }).click();

    const phoneRoom = phone.getByRole('dialog', { name: title });
    await phone.goto(`/group-learning/${room.id}`);
    await phoneRoom.getByRole('button', { name: 'Edit the deck' }).click();
    // The list says who edits which card before the learner opens it.
    await phoneRoom.getByRole('list', { name: 'Room deck cards' }).getByText(`${hostName} is editing`).waitFor();
    // The image shows, fetched for a member (the HTML's <img> names the room's media).
    const picture = phoneRoom.getByRole('list', { name: 'Room deck cards' }).getByRole('img', {
      name: 'Striated muscle fibres',
    });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.src.startsWith('blob:') && img.naturalWidth === 4))
      .toBe(true);
    await auditBothThemes(phone);

    await phoneRoom.getByRole('button', { name: 'Edit card: Neuron?' }).click();
    await phoneRoom
      .getByRole('form', { name: 'Edit card' })
      .getByText(`${hostName} is editing this card too`)
      .waitFor();
    await auditBothThemes(phone);

    await hostRoom.getByLabel('Answer', { exact: true }).first().fill('A nerve cell');
    await hostRoom.getByRole('button', { name: 'Save card' }).click();
    await expectVisibleText(host, 'Card saved');
    await phoneRoom.getByLabel('Answer', { exact: true }).first().fill('Conducts impulses');
    await phoneRoom.getByRole('button', { name: 'Save card' }).click();
    const conflict = phone.getByRole('dialog', { name: 'Someone changed this card' });
    await conflict.waitFor();
    await auditBothThemes(phone);
    await conflict.getByRole('button', { name: 'Keep theirs' }).click();

    await phoneRoom.getByRole('button', { name: 'Study this deck' }).click();
    await phoneRoom.getByRole('button', { name: 'Stop studying' }).waitFor();
    await auditBothThemes(phone);
  }, 180_000);
});
