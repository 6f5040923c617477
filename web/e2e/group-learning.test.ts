import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { learnersPerFile } from './browser-fixture';
import { expectVisibleText } from './flows';

// Two learners need two browser profiles at once.
const { learnerPage, baseURL } = learnersPerFile();

async function createRoom(page: Page, title: string, topic: string) {
  await page.goto('/group-learning');
  await page.getByRole('button', { name: 'Create Room' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Room' });
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await expectVisibleText(page, 'Please enter title and subject');
  await dialog.getByLabel('Room Name').fill(title);
  await dialog.getByLabel('Subject').fill(topic);
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await expectVisibleText(page, 'Room created');
  await dialog.waitFor({ state: 'hidden' });
}

const tile = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

describe('group learning', () => {
  it('creates, joins, reopens after a reload, and leaves a room', async () => {
    const host = await learnerPage();
    const title = `Biology ${Date.now()}`;
    await createRoom(host, title, 'Cells');
    await expect.poll(() => tile(host, title).textContent()).toContain('1/8 members');

    const guest = await learnerPage();
    await guest.goto('/group-learning');
    await tile(guest, title).getByRole('button', { name: 'Join Room' }).click();
    await expectVisibleText(guest, 'Joined room');
    const room = guest.getByRole('dialog', { name: title });
    await room.waitFor();
    await guest.waitForURL(/\/group-learning\/[0-9a-f-]{36}$/);
    // The host, on the grid with no room open, sees the room fill up without a reload.
    await expect.poll(() => tile(host, title).textContent(), { timeout: 2000 }).toContain('2/8 members');

    // The add-question form checks its fields before sending.
    await room.getByRole('button', { name: 'Create Question' }).click();
    await expectVisibleText(guest, 'Please fill question & answer');

    // The open room comes back after a reload.
    await guest.reload();
    await guest.getByRole('dialog', { name: title }).waitFor();
    await expectVisibleText(guest, '2/8 members');

    await guest.getByRole('dialog', { name: title }).getByRole('button', { name: 'Leave Room' }).click();
    await guest.getByRole('dialog', { name: title }).waitFor({ state: 'hidden' });
    expect(await guest.evaluate(() => localStorage.getItem('learnboost_current_room'))).toBeNull();
    await guest.waitForURL((url) => url.pathname === '/group-learning');
    // The host's grid follows without a reload.
    await expect.poll(() => tile(host, title).textContent(), { timeout: 2000 }).toContain('1/8 members');
    await host.context().close();
    await guest.context().close();
  });

  it('shows a card added by one learner to the other within a second, with no reload', async () => {
    const host = await learnerPage();
    const title = `Physics ${Date.now()}`;
    await createRoom(host, title, 'Waves');
    await tile(host, title).getByRole('button', { name: 'Enter' }).click();
    const hostRoom = host.getByRole('dialog', { name: title });
    await hostRoom.waitFor();
    // The address follows the open room a moment after the dialog shows.
    await host.waitForURL(/\/group-learning\/[0-9a-f-]{36}$/);
    const link = new URL(host.url()).pathname;
    await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await hostRoom.press('Escape');
    await tile(host, title)
      .getByRole('button', { name: `Copy link to ${title}` })
      .click();
    await expectVisibleText(host, 'Link copied to clipboard');
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${link}`);
    await tile(host, title).getByRole('button', { name: 'Enter' }).click();
    await hostRoom.waitFor();

    // The copied link opens the room for another learner, joining them.
    const guest = await learnerPage();
    await guest.goto(link);
    const guestRoom = guest.getByRole('dialog', { name: title });
    await guestRoom.waitFor();
    await expectVisibleText(guest, 'Joined room');
    await expect.poll(() => hostRoom.getByTestId('room-member-count').textContent()).toBe('2/8 members');
    await expect.poll(() => hostRoom.getByRole('list', { name: 'Online now' }).getByRole('listitem').count()).toBe(2);

    await guestRoom.getByLabel('Question', { exact: true }).fill('What is a wavelength?');
    await guestRoom.getByLabel('Answer', { exact: true }).fill('The distance between crests');
    const sent = Date.now();
    await guestRoom.getByRole('button', { name: 'Create Question' }).click();
    // The card shows in the room's viewer, and its line in the room's Activity list.
    await hostRoom.getByText('What is a wavelength?').first().waitFor({ timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    await expectVisibleText(guest, 'Flashcard added');

    // The viewer: flip, rate, progress.
    await hostRoom.getByRole('button', { name: 'Flip' }).click();
    await hostRoom.getByText('The distance between crests').waitFor();
    await hostRoom.getByRole('button', { name: 'Remembered' }).click();
    await hostRoom.getByText('What is a wavelength?').first().waitFor();
    expect(await hostRoom.getByText('Card 1 of 1').isVisible()).toBe(true);
    // Exactly one copy on the guest's side, whose own add and the socket event both arrived.
    expect(await guestRoom.getByText('Card 1 of 1').isVisible()).toBe(true);
    await host.context().close();
    await guest.context().close();
  });
});
