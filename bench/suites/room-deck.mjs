// The room deck (issue 24): a card edit in a deck 200 learners study, and "Study this deck" on a
// 1,000-card room deck, through the services on the chosen engine (api/bench/room-deck-in-process.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ms, root } from '../lib.mjs';

export const title = 'Room deck: edits studied by 200 learners, Study this deck';

function inProcess(databaseUrl) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/room-deck-in-process.ts', databaseUrl ?? ''], {
    cwd: path.join(root, 'api'),
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) throw new Error(`room deck bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const r = inProcess(databaseUrl);
  return [
    [
      `A card edit in a room deck 200 learners study, p50 (${db}; bar < 20 ms)`,
      ms(r.edit),
      `a bare one-row UPDATE ${ms(r.editFloor)}`,
    ],
    [`… the last edit in each learner's next study queue read (${db})`, `${r.seen} of ${r.learners}`, '–'],
    [
      `"Study this deck" on a 1,000-card room deck, p50 (${db}; bar < 1 s)`,
      ms(r.study),
      `inserting 1,000 personal cards ${ms(r.studyFloor)}`,
    ],
  ];
}
