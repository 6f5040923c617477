// `pnpm --filter @learnboost/api exec tsx test/ai-eval/agent-dev.ts [--why]`: the agent on the
// development half, every miss shown (with --why: where the answering sentence ranked and why).
// Tuning happens here; the held-back half is scored only by `pnpm ai:eval`.
import { answerTypeOf } from '../../src/lib/nlp/answer-type';
import { rankSentences } from '../../src/lib/nlp/retrieval';
import { lemmasOf } from '../../src/lib/nlp/wink';
import { learnerTests, loadSplit, scoreAgent } from './agent-set';

const why = process.argv.includes('--why');
const started = performance.now();
const set = loadSplit('dev');
const r = await scoreAgent(set);
const ms = Math.round(performance.now() - started);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
for (const row of r.reworded.filter((x) => x.verdict !== 'hit')) {
  console.log(`\n[${row.verdict}] ${row.passage}: ${row.question}\n  → ${row.answer.slice(0, 300)}`);
  if (!why) continue;
  const q = set.reworded.find((x) => x.question === row.question);
  const { ranked } = rankSentences(row.question, learnerTests(set, row.passage), []);
  const at = ranked.findIndex((x) => q && norm(q.sentence).includes(norm(x.text).slice(0, 60)));
  const hit = ranked[at];
  console.log(
    `  type ${JSON.stringify(answerTypeOf(lemmasOf(row.question)))}; answer sentence ranked ${at < 0 ? 'nowhere' : at + 1}` +
      (hit
        ? ` (score ${hit.score.toFixed(2)} vs ${ranked[0]?.score.toFixed(2)}, coverage ${hit.coverage.toFixed(2)}, typed ${hit.typed})`
        : ''),
  );
}
for (const row of r.absent.filter((x) => x.verdict !== 'honest'))
  console.log(`\n[absent answered] ${row.passage}: ${row.question}\n  → ${row.answer.slice(0, 300)}`);
console.log(
  `\nreworded: ${r.hits}/${r.reworded.length} hits, ${r.confidentlyWrong} confidently wrong; absent: ${r.honestAbsent}/${r.absent.length} honest (${ms} ms)`,
);
