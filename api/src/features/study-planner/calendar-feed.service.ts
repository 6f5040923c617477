import { randomBytes } from 'node:crypto';
import { type Db, findFeedSecret, findUserByFeedSecret, listStudySessions, setFeedSecret } from '@learnboost/db';
import { createEvents, type EventAttributes } from 'ics';
import type { TCalendarFeed } from '../../contract';
import { AppError } from '../../lib/errors';

const FEED_PATH = '/api/study-planner/calendar.ics';
/** Calendar apps show recent history too; older sessions are left out to keep the feed small. */
const HISTORY_DAYS = 90;

/**
 * RFC 5545 TEXT escaping for a CATEGORIES value: `ics` writes the list as given, so a subject
 * holding `;`, `,` or `\` would split into several categories or break the line. (Newlines are
 * encoded by `ics` itself.)
 */
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,');

const newSecret = () => randomBytes(32).toString('base64url');
const feedUrl = (origin: string, secret: string) => `${origin}${FEED_PATH}?token=${secret}`;

/** The learner's subscription URL; the secret is made on first use. */
type FeedCtx = { db: Db; userId: string; origin: string };

export async function getFeed({ db, userId, origin }: FeedCtx): Promise<TCalendarFeed> {
  let secret = await findFeedSecret(db, userId);
  if (!secret) {
    secret = newSecret();
    await setFeedSecret(db, userId, secret);
  }
  return { url: feedUrl(origin, secret) };
}

/** A new secret: calendars subscribed with the old URL stop receiving the plan. */
export async function rotateFeed({ db, userId, origin }: FeedCtx): Promise<TCalendarFeed> {
  const secret = newSecret();
  await setFeedSecret(db, userId, secret);
  return { url: feedUrl(origin, secret) };
}

export async function renderFeed({
  db,
  secret,
  now = new Date(),
}: {
  db: Db;
  secret: string;
  now?: Date;
}): Promise<string> {
  // Feed secrets are 43 characters; anything else (a login token, say) cannot be one.
  const owner = secret && secret.length <= 64 ? await findUserByFeedSecret(db, secret) : undefined;
  if (!owner) throw new AppError(404, 'Calendar feed not found');
  const sessions = await listStudySessions(db, owner.id, new Date(now.getTime() - HISTORY_DAYS * 86_400_000));
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: `${s.id}@learnboost`,
    start: s.scheduledAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: s.durationMinutes },
    title: s.title,
    description: `Subject: ${s.subject}`,
    categories: [escapeText(s.subject)],
    status: 'CONFIRMED',
  }));
  const { error, value } = createEvents(events, {
    productId: 'learnboost/study-planner',
    calName: 'LearnBoost study plan',
  });
  if (error || !value) throw error ?? new Error('calendar could not be written');
  return value;
}
