import type { Db } from '@learnboost/db';

/** What a service needs to act for one learner; `now` is injectable so tests can set the clock. */
export type LearnerContext = { db: Db; userId: string; now?: Date };
