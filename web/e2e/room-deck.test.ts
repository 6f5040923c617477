import { readFile } from 'node:fs/promises';
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
    // Buttons and links fade to the theme's colours (transition-colors): axe judges them at rest.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished),
      ),
    );
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

describe("the room deck's other actions", () => {
  // One host on a phone (390×844, where the new pieces are audited) and one guest on a laptop for
  // the whole block; each test makes its own room, so none waits on another's state.
  let host: Page;
  let guest: Page;
  let guestName: string;
  beforeAll(async () => {
    [host, guest] = await Promise.all([learnerPage(PHONE), learnerPage()]);
    guestName = await usernameOf(guest);
  }, 60_000);

  /** A room by the host with the guest in it, open on both screens with the deck list shown. */
  async function sharedRoom(name: string, cards: { question: string; answer: string }[] = []) {
    const title = `${name} ${Date.now()}`;
    await host.goto('/group-learning');
    const room = await callApi<{ id: string }>(host, 'POST', '/group-learning/rooms', { title, topic: 'Bones' });
    for (const card of cards) await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, card);
    await callApi(guest, 'POST', `/group-learning/${room.id}/join`, {});
    const dialogs = [];
    for (const page of [host, guest]) {
      await page.goto(`/group-learning/${room.id}`);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('button', { name: 'Edit the deck' }).click();
      dialogs.push(dialog);
    }
    const [hostRoom, guestRoom] = dialogs as [ReturnType<Page['getByRole']>, ReturnType<Page['getByRole']>];
    return { id: room.id, title, hostRoom, guestRoom };
  }

  it('under "Members suggest" a member\'s add and delete wait for the host, who accepts one and rejects the other, live; under "Host only" a member is offered no change', async () => {
    const room = await sharedRoom('Suggest', [{ question: 'Tibia?', answer: 'Shin' }]);
    await callApi(host, 'PUT', `/group-learning/${room.id}/edit-rule`, { editRule: 'suggest' });
    await room.guestRoom.getByText('Edit rule: Members suggest').waitFor();
    // A deck is copied in directly or not at all: a member here may export the deck, not copy one in.
    await room.guestRoom.getByRole('button', { name: 'Export the room deck (.apkg)' }).waitFor();
    expect(await room.guestRoom.getByLabel('Copy one of my decks').count()).toBe(0);

    const form = room.guestRoom.getByRole('form', { name: 'Add Question' });
    await form.getByLabel('Question', { exact: true }).fill('Ulna?');
    await form.getByLabel('Answer', { exact: true }).fill('Forearm');
    await form.getByRole('button', { name: 'Create Question' }).click();
    await expectVisibleText(guest, 'Suggestion sent to the host');
    await room.guestRoom.getByRole('button', { name: 'Delete card: Tibia?' }).click();
    await guest
      .getByRole('dialog', { name: 'Delete Flashcard' })
      .getByRole('button', { name: 'Delete Flashcard' })
      .click();
    await expectVisibleText(guest, 'Suggestion sent to the host');

    const mine = room.guestRoom.getByRole('region', { name: 'Your pending suggestions' });
    await expect.poll(() => mine.locator('li').count()).toBe(2);
    expect(await mine.textContent()).toContain('Waiting for the host or an editor');
    const pending = room.hostRoom.getByRole('region', { name: 'Pending suggestions' });
    await expect.poll(() => pending.textContent()).toContain(`${guestName} suggests adding “Ulna?”`);
    await expect.poll(() => pending.textContent()).toContain(`${guestName} suggests deleting “Tibia?”`);
    await auditBothThemes(host);

    await pending.getByRole('button', { name: 'Accept: Ulna?' }).click();
    await expectVisibleText(host, 'Suggestion accepted');
    const guestCards = room.guestRoom.getByRole('list', { name: 'Room deck cards' });
    await guestCards.getByText('Ulna?').waitFor();
    await expect.poll(() => mine.locator('li').count()).toBe(1);

    await pending.getByRole('button', { name: 'Reject: Tibia?' }).click();
    await expectVisibleText(host, 'Suggestion rejected');
    await expect.poll(() => mine.count()).toBe(0);
    await expect.poll(() => pending.count()).toBe(0);
    expect(await guestCards.getByText('Tibia?').count()).toBe(1);

    // Under "Host only" a member is offered no change that would be refused.
    await callApi(host, 'PUT', `/group-learning/${room.id}/edit-rule`, { editRule: 'host' });
    await room.guestRoom.getByText('In this room only the host and editors change cards.').waitFor();
    expect(await room.guestRoom.getByRole('form', { name: 'Add Question' }).count()).toBe(0);
    expect(await guestCards.getByRole('button', { name: /^(Edit|Delete) card/ }).count()).toBe(0);
  }, 90_000);

  it('copies one of my decks into the room deck, live for the other member, and downloads the room deck as an .apkg', async () => {
    const deckName = `Skeleton ${Date.now()}`;
    const deck = await callApi<{ id: string }>(host, 'POST', '/decks', { name: deckName });
    await callApi(host, 'POST', '/flashcards', { question: 'Radius?', answer: 'Forearm bone', deckId: deck.id });
    await callApi(host, 'POST', '/flashcards', {
      kind: 'cloze',
      question: 'The {{c1::patella}} is the kneecap',
      deckId: deck.id,
    });
    const room = await sharedRoom('Copy');

    await room.hostRoom.getByLabel('Copy one of my decks').selectOption({ label: deckName });
    await auditBothThemes(host);
    await room.hostRoom.getByRole('button', { name: 'Copy into the room deck' }).click();
    await expectVisibleText(host, '2 cards copied into the room deck');
    const guestCards = room.guestRoom.getByRole('list', { name: 'Room deck cards' });
    await guestCards.getByText('Radius?').waitFor();
    await guestCards.getByText('The [...] is the kneecap').waitFor();

    const download = guest.waitForEvent('download');
    await room.guestRoom.getByRole('button', { name: 'Export the room deck (.apkg)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${room.title}.apkg`);
    // A zip (what an .apkg is), not an error page saved under the name.
    const bytes = await readFile((await file.path()) as string);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  }, 90_000);

  it('adds a Cloze card with tags through the room form (the wrap button, the cloze rule said beside the field), and edits its tags, live', async () => {
    const room = await sharedRoom('Cloze');
    const form = room.guestRoom.getByRole('form', { name: 'Add Question' });
    await form.getByRole('radio', { name: 'Cloze' }).check();
    const text = form.getByLabel('Text', { exact: true });
    await text.fill('No deletion here');
    await form.getByRole('button', { name: 'Create Question' }).click();
    await form
      .getByText('A cloze card needs at least one deletion written as {{c1::answer}} (or {{c1::answer::hint}})')
      .waitFor();

    await text.fill('The femur is the longest bone');
    await text.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(4, 9));
    await form.getByRole('button', { name: 'Cloze deletion [...]' }).click();
    expect(await text.inputValue()).toBe('The {{c1::femur}} is the longest bone');
    await form.getByLabel('Extra', { exact: true }).fill('Thigh');
    await form.getByLabel('Tags', { exact: true }).fill('legs bones');
    await form.getByRole('button', { name: 'Create Question' }).click();
    await expectVisibleText(guest, 'Flashcard added');

    const hostCards = room.hostRoom.getByRole('list', { name: 'Room deck cards' });
    // The room's view of a cloze card: every deletion blank, then revealed with the extra.
    await hostCards.getByText('The [...] is the longest bone').waitFor();
    await expect.poll(() => hostCards.locator('.cloze-revealed').textContent()).toBe('femur');
    await hostCards.getByText('Tags: legs bones').waitFor();

    // The host edits it: a cloze card keeps its kind (Text and Extra), its tags change.
    await hostCards.getByRole('button', { name: 'Edit card: The {{c1::femur}} is the longest bone' }).click();
    const editor = room.hostRoom.getByRole('form', { name: 'Edit card' });
    expect(await editor.getByLabel('Text', { exact: true }).inputValue()).toBe('The {{c1::femur}} is the longest bone');
    await auditBothThemes(host);
    await editor.getByLabel('Tags', { exact: true }).fill('legs');
    await editor.getByRole('button', { name: 'Save card' }).click();
    await expectVisibleText(host, 'Card saved');
    await room.guestRoom
      .getByRole('list', { name: 'Room deck cards' })
      .getByText('Tags: legs', { exact: true })
      .waitFor();
  }, 90_000);

  it('deletes a card after a confirm (a member only their own), and the other member sees it go', async () => {
    const room = await sharedRoom('Delete', [
      { question: 'Femur?', answer: 'Thigh' },
      { question: 'Fibula?', answer: 'Calf' },
    ]);
    const guestCards = room.guestRoom.getByRole('list', { name: 'Room deck cards' });
    await guestCards.getByText('Femur?').waitFor();
    // Under "Members edit" a member deletes only their own cards: these are the host's.
    expect(await guestCards.getByRole('button', { name: /^Delete card/ }).count()).toBe(0);

    await room.hostRoom.getByRole('button', { name: 'Delete card: Femur?' }).click();
    const confirm = host.getByRole('dialog', { name: 'Delete Flashcard' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await guestCards.getByText('Femur?').count()).toBe(1);
    await room.hostRoom.getByRole('button', { name: 'Delete card: Femur?' }).click();
    await auditBothThemes(host);
    await confirm.getByRole('button', { name: 'Delete Flashcard' }).click();
    await expectVisibleText(host, 'Flashcard deleted');
    await expect.poll(() => guestCards.getByText('Femur?').count()).toBe(0);
    expect(await guestCards.getByText('Fibula?').count()).toBe(1);
  }, 90_000);

  it('leaving a room asks "Keep my cards?": kept, the deck stays the learner\'s; removed, its cards go', async () => {
    const decks = () => callApi<{ name: string; cardCount: number }[]>(host, 'GET', '/decks');
    for (const keep of [true, false]) {
      const room = await sharedRoom(keep ? 'Keep' : 'Remove', [{ question: 'Skull?', answer: 'Cranium' }]);
      await room.hostRoom.getByRole('button', { name: 'Study this deck' }).click();
      await room.hostRoom.getByRole('button', { name: 'Stop studying' }).waitFor();
      expect((await decks()).find((d) => d.name === room.title)?.cardCount).toBe(1);
      // The host leaves (the phone, where the question is audited); the guest stays a member.
      await room.hostRoom.getByRole('button', { name: 'Leave Room' }).click();
      const ask = host.getByRole('dialog', { name: 'Keep my cards?' });
      await ask.waitFor();
      if (keep) await auditBothThemes(host);
      await ask.getByRole('button', { name: keep ? 'Keep my cards' : 'Remove my cards' }).click();
      await expect.poll(() => room.hostRoom.count()).toBe(0);
      await expect
        .poll(async () => (await decks()).find((d) => d.name === room.title)?.cardCount ?? 0)
        .toBe(keep ? 1 : 0);
    }
  }, 90_000);
});
