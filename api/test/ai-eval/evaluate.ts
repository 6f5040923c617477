// The measurement behind `pnpm ai:eval`: issue 14's bars on the evaluation corpus, as rows and
// as the text of docs/ai-quality.md. run.ts writes them; bars.test.ts fails when a bar is missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createBuiltinProvider } from '../../src/features/ai/builtin/builtin-provider';
import { BLANK } from '../../src/features/ai/builtin/questions';
import { STATEMENT_PROMPT, swappedPhrases } from '../../src/features/ai/builtin/statements';
import { isGrammaticalWh } from '../../src/features/ai/builtin/wh';
import { declaredAliases, normal } from '../../src/lib/nlp/aliases';
import { sentencesOf } from '../../src/lib/nlp/wink';
import { type AgentSet, loadSplit, type Split, scoreAgent } from './agent-set';
import { asWritten, blankSplits, isFragment, kindReader, relatedPair, sameKindAs, usesMetadata } from './checks';

const here = import.meta.dirname;
const fixtures = path.resolve(here, '../fixtures/eval');
type Entry = { file: string; title: string; source: string; url: string; licence: string; words: number };
const manifest: Entry[] = JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8'));
const corpus = manifest.map((m) => ({ ...m, text: readFileSync(path.join(fixtures, 'passages', m.file), 'utf8') }));
type Passage = { file: string; text: string };
/** The agent's passages make tests too: varied styles (textbook, news, legal, narrative), without their "# source:" line. */
const testPassages = (split: 'dev' | 'held-back'): Passage[] =>
  loadSplit(split).passages.map((p) => ({ file: `${split}/${p.id}`, text: p.text.replace(/^# source:.*\n+/, '') }));
// Tuned on: the Factbook and Wikipedia corpus and the agent's development half. Only reported: the held-back half.
const devCorpus: Passage[] = [...corpus, ...testPassages('dev')];
const heldBackCorpus = testPassages('held-back');
const ai = createBuiltinProvider();
const call = { signal: new AbortController().signal };
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
const norm = (s: string) => normal(s);

/** The value of a choice that says exactly one number ("£30", "1,500 gigatonnes"); undefined for any other. */
const soleNumber = (text: string) => {
  const found = text.match(/\d[\d,]*(\.\d+)?/g);
  return found?.length === 1 ? Number(found[0].replace(/,/g, '')) : undefined;
};

/** Adds a bar's row; `target`: an open bar, reported as measured. */
type AddRow = (name: string, measured: string, ok: boolean, target?: boolean) => void;

/** A six-question test of every passage, and the bars on them. */
async function measureTests(corpus: Passage[], bar: AddRow) {
  let tests = 0;
  let sixQuestions = 0;
  let sixDistinct = 0;
  let repeatedInTest = 0;
  let questions = 0;
  let distractors = 0;
  let sameKind = 0;
  let fragments = 0;
  let relatedQuestions = 0;
  let splits = 0;
  let cloze = 0;
  let metadata = 0;
  let verbatim = 0;
  let longestCorrect = 0;
  const positions = [0, 0, 0, 0];
  // Among choices that are each one number: how many lie below the answer.
  const numberRanks = [0, 0, 0, 0];
  const wh: { q: string; a: string; file: string }[] = [];
  const whGrammatical: boolean[] = [];
  const kindMisses: string[] = [];
  let explained = 0;
  let quotesSentence = 0;
  let saysWhyWhenPassageDoes = 0;
  let passageSaysWhy = 0;
  const timings: number[] = [];

  let thirdNotCloze = 0;
  let statements = 0;
  for (const p of corpus) {
    const t0 = performance.now();
    const qs = await ai.questions(p.text, 6, call);
    timings.push(performance.now() - t0);
    tests++;
    if (qs.length === 6) sixQuestions++;
    const flat = p.text.replace(/\s+/g, ' ');
    const aliases = declaredAliases(flat);
    const answers = qs.map((q) => q.choices[q.correctIndex] ?? '');
    const distinct = answers.every((a, i) => answers.every((b, j) => i === j || !relatedPair([a, b], aliases)));
    if (qs.length === 6 && distinct) sixDistinct++;
    if (!distinct) repeatedInTest++;
    if (3 * qs.filter((q) => !q.prompt.includes(BLANK)).length >= qs.length) thirdNotCloze++;
    const read = kindReader(p.text);
    const sentences = sentencesOf(p.text);
    for (const q of qs) {
      questions++;
      const statement = q.prompt === STATEMENT_PROMPT;
      const whole = q.choices[q.correctIndex] ?? '';
      positions[q.correctIndex] = (positions[q.correctIndex] ?? 0) + 1;
      if (flat.includes(whole)) verbatim++;
      // A statement question is judged by its phrases: the passage's and the one each wrong statement swaps in.
      const phrases = q.choices.map((c, k) =>
        !statement ? c : k === q.correctIndex ? '' : swappedPhrases(whole, c).other,
      );
      const answer = statement
        ? swappedPhrases(whole, q.choices.find((_, k) => k !== q.correctIndex) ?? '').said
        : whole;
      phrases[q.correctIndex] = answer;
      if (statement) statements++;
      const answerKind = read(answer, q.supportingSentence);
      for (const c of phrases) {
        if (c === answer) continue;
        distractors++;
        if (sameKindAs(read, answer, answerKind, c, q.supportingSentence)) sameKind++;
        else kindMisses.push(`${answer} (${answerKind}) ≠ ${c} (${read(c)})`);
        if (isFragment(c, answer)) fragments++;
      }
      const written = phrases.map((x) => asWritten(x, flat));
      if (relatedPair(written, aliases)) relatedQuestions++;
      if (statement) {
        // The prompt is fixed; what must read well is each statement, which is the passage's sentence.
      } else if (q.prompt.includes(BLANK)) {
        cloze++;
        if (blankSplits(q.prompt, answer)) splits++;
      } else {
        wh.push({ q: q.prompt, a: answer, file: p.file });
        whGrammatical.push(isGrammaticalWh(q.prompt));
      }
      if (usesMetadata(p.text, q.prompt, q.supportingSentence, ...q.choices)) metadata++;
      // The correct choice stands out as the longest (strictly: ties give nothing away).
      if (q.choices.every((c) => c === whole || c.length < whole.length)) longestCorrect++;
      const values = phrases.map(soleNumber);
      if (values.every((v) => v !== undefined) && new Set(values).size === 4) {
        const below = values.filter((v) => (v as number) < (values[q.correctIndex] as number)).length;
        numberRanks[below] = (numberRanks[below] ?? 0) + 1;
      }
      // Explanations, for each wrong choice a learner could pick.
      for (let k = 0; k < 4; k++) {
        if (k === q.correctIndex) continue;
        const [e] = await ai.explain(
          { passage: p.text, contextNotes: '', mistakes: [{ qId: 'q', ...q, selectedIndex: k }] },
          call,
        );
        const text = e?.explanation ?? '';
        explained++;
        if (text.includes(q.supportingSentence)) quotesSentence++;
        const chosen = phrases[k] ?? '';
        const elsewhere = sentences.find(
          (s) => s !== q.supportingSentence && ` ${norm(s)} `.includes(` ${norm(chosen)} `),
        );
        if (elsewhere) {
          passageSaysWhy++;
          if (text.includes(elsewhere)) saysWhyWhenPassageDoes++;
        }
      }
    }
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;

  bar('Tests with 6 questions', `${sixQuestions}/${tests}`, sixQuestions === tests);
  bar('No correct answer used twice within a test', `${tests - repeatedInTest}/${tests} tests`, repeatedInTest === 0);
  bar(
    'Tests with 6 distinct answers (bar ≥ 95%)',
    `${sixDistinct}/${tests} = ${pct(sixDistinct, tests)}`,
    sixDistinct / tests >= 0.95,
  );
  bar(
    "Distractors of the answer's kind (bar ≥ 90%)",
    `${sameKind}/${distractors} = ${pct(sameKind, distractors)}`,
    sameKind / distractors >= 0.9,
  );
  bar('Fragment distractors (bar 0)', `${fragments}/${distractors}`, fragments === 0);
  bar(
    'Questions where a choice contains, abbreviates or aliases another (bar 0)',
    `${relatedQuestions}/${questions}`,
    relatedQuestions === 0,
  );
  bar('Blanks that split a name, number or date (bar 0)', `${splits}/${cloze} cloze questions`, splits === 0);
  for (let i = 0; i < 4; i++)
    bar(
      `Correct answer at position ${'ABCD'[i]} (bar 20–30%)`,
      `${positions[i]}/${questions} = ${pct(positions[i] ?? 0, questions)}`,
      (positions[i] ?? 0) / questions >= 0.2 && (positions[i] ?? 0) / questions <= 0.3,
    );
  bar(
    'Longest choice is the correct one (bar ≤ 35%)',
    `${longestCorrect}/${questions} = ${pct(longestCorrect, questions)}`,
    longestCorrect / questions <= 0.35,
  );
  const numbered = numberRanks.reduce((a, b) => a + b, 0);
  const commonestRank = Math.max(...numberRanks);
  bar(
    'Number questions whose answer holds the commonest rank among their choices (bar ≤ 40%; even: 25%)',
    `${commonestRank}/${numbered} = ${pct(commonestRank, numbered)}`,
    commonestRank / (numbered || 1) <= 0.4,
  );
  bar('Tests with at least a third of their questions not cloze', `${thirdNotCloze}/${tests}`, thirdNotCloze === tests);
  const notCloze = wh.length + statements;
  bar(
    'Questions that are not cloze (bar ≥ 1/3)',
    `${notCloze}/${questions} = ${pct(notCloze, questions)}`,
    notCloze / questions >= 1 / 3,
  );
  bar(`Of them, "${STATEMENT_PROMPT}" (reported)`, `${statements}/${notCloze} = ${pct(statements, notCloze)}`, true);
  const grammatical = whGrammatical.filter(Boolean).length;
  bar('Wh-questions passing the grammar rules', `${grammatical}/${wh.length}`, grammatical === wh.length);
  // A teacher trims a question of a whole paragraph's sentence before keeping it: reported, no bar of its own.
  const long = wh.filter((w) => w.q.split(/\s+/).length > 25).length;
  bar('Wh-questions of more than 25 words (reported)', `${long}/${wh.length} = ${pct(long, wh.length)}`, true);
  bar(
    'Questions using a heading, citation mark, URL, licence or "Source:" line (bar 0)',
    `${metadata}/${questions}`,
    metadata === 0,
  );
  bar('Correct answers quoted verbatim from the passage', `${verbatim}/${questions}`, verbatim === questions);
  bar('Explanations quoting their sentence', `${quotesSentence}/${explained}`, quotesSentence === explained);
  bar(
    'Explanations that say why the chosen answer is wrong when the passage says so (quote where the passage uses it)',
    `${saysWhyWhenPassageDoes}/${passageSaysWhy}`,
    saysWhyWhenPassageDoes === passageSaysWhy,
  );

  return { wh, whGrammatical, kindMisses, p50, notCloze: { tests, thirdNotCloze, questions, count: notCloze } };
}

/** Three generated flashcards of every passage, and the bars on them. */
async function measureCards(corpus: Passage[], bar: AddRow) {
  const sets: { p: Passage; cards: Awaited<ReturnType<typeof ai.flashcards>> }[] = [];
  for (const p of corpus) sets.push({ p, cards: await ai.flashcards(p.text, 3, call) });
  /** A bar every passage's cards must hold. */
  const every = (name: string, holds: (set: (typeof sets)[number]) => boolean) => {
    const held = sets.filter(holds).length;
    bar(name, `${held}/${sets.length}`, held === sets.length);
  };
  every('Generator: 3 cards per passage', ({ cards }) => cards.length === 3);
  every(
    'Generator: distinct answers',
    ({ p, cards }) =>
      !relatedPair(
        cards.map((c) => c.answer),
        declaredAliases(p.text),
      ),
  );
  every('Generator: at least one real question ("What is …?"), not only fill-in-the-blank', ({ cards }) =>
    cards.some((c) => !c.question.startsWith('Fill in the blank')),
  );
  every('Generator: every answer quoted from the content, none from metadata', ({ p, cards }) =>
    cards.every((c) => p.text.replace(/\s+/g, ' ').includes(c.answer) && !usesMetadata(p.text, c.question, c.answer)),
  );
}

export type Bar = {
  bar: string;
  measured: string;
  ok: boolean;
  /** Needs a person's reading, not only the machine. */
  human?: boolean;
  /** A bar of the open issue, reported as measured until it is met (bars.test.ts holds the floor reached instead). */
  target?: boolean;
};

export async function evaluate(): Promise<{
  rows: Bar[];
  doc: string;
  read: string[];
  /** The agent's development half, scored: bars.test.ts holds its floor. */
  agentDev: { set: AgentSet; scored: Awaited<ReturnType<typeof scoreAgent>> };
  /** The development half's tests: how many are real questions, not cloze (bars.test.ts holds the floor). */
  testsDev: { tests: number; thirdNotCloze: number; questions: number; notCloze: number };
}> {
  const rows: Bar[] = [];
  const bar = (name: string, measured: string, ok: boolean, human = false, target = false) =>
    rows.push({ bar: name, measured, ok, human, target });

  // ---- Questions and cards: the development half is asserted, the held-back half only reported ----
  const devTests = await measureTests(devCorpus, (n, m, ok, target) => bar(n, m, ok, false, target));
  await measureCards(devCorpus, (n, m, ok, target) => bar(n, m, ok, false, target));
  await measureTests(heldBackCorpus, (n, m, ok) => bar(`Held-back half: ${n}`, m, ok, false, true));
  await measureCards(heldBackCorpus, (n, m, ok) => bar(`Held-back half: ${n}`, m, ok, false, true));
  const { wh, kindMisses, p50 } = devTests;

  // ---- Study agent: questions in other words, on the development half and on the held-back half ----
  const halves: { split: Split; set: AgentSet; scored: Awaited<ReturnType<typeof scoreAgent>>; ms: number }[] = [];
  for (const split of ['dev', 'held-back'] as const) {
    const set = loadSplit(split);
    const started = performance.now();
    const scored = await scoreAgent(set);
    const ms = (performance.now() - started) / (set.reworded.length + set.absent.length);
    halves.push({ split, set, scored, ms });
  }
  for (const { split, set, scored } of halves) {
    const n = set.reworded.length;
    const label = split === 'dev' ? 'development half' : 'held-back half';
    bar(
      `Agent, ${label}: reworded questions answered right (bar ≥ 75%)`,
      `${scored.hits}/${n} = ${pct(scored.hits, n)}`,
      scored.hits / n >= 0.75,
      false,
      true,
    );
    bar(
      `Agent, ${label}: confidently wrong (bar ≤ 5%)`,
      `${scored.confidentlyWrong}/${n} = ${pct(scored.confidentlyWrong, n)}`,
      scored.confidentlyWrong / n <= 0.05,
      false,
      true,
    );
    bar(
      `Agent, ${label}: absent answers refused honestly (bar 100%)`,
      `${scored.honestAbsent}/${set.absent.length}`,
      scored.honestAbsent === set.absent.length,
      false,
      true,
    );
  }
  const dev = halves[0] as (typeof halves)[number];
  const agentRows = [...dev.scored.reworded, ...dev.scored.absent].map(
    (r) =>
      `| ${dev.scored.absent.includes(r) ? 'absent' : 'reworded'} | ${r.question.replace(/\|/g, '/')} | ${r.verdict} | ${r.answer.slice(0, 160).replace(/\|/g, '/')}${r.answer.length > 160 ? '…' : ''} |`,
  );

  // ---- The doc ----
  const readingPath = path.join(here, 'wh-reading.json');
  const reading: Record<string, string> = existsSync(readingPath) ? JSON.parse(readFileSync(readingPath, 'utf8')) : {};
  const sample = wh.slice(0, 50);
  const read = sample.filter((w) => reading[w.q]);
  const readOk = read.filter((w) => reading[w.q]?.startsWith('ok')).length;
  bar(
    'Wh-questions read by a person and judged grammatical (50 read)',
    `${readOk}/${read.length} read${read.length < sample.length ? `, ${sample.length - read.length} not yet read` : ''}`,
    read.length === sample.length && readOk === read.length,
    true,
  );

  const [devHalf, heldHalf] = halves as [(typeof halves)[number], (typeof halves)[number]];
  const sizes = (h: (typeof halves)[number]) =>
    `${h.set.passages.length} passages, ${h.set.reworded.length} reworded questions and ${h.set.absent.length} whose answer is absent`;
  const doc = `# Quality of the built-in AI engine

  Made by \`pnpm ai:eval\` (api/test/ai-eval/run.ts) on ${new Date().toISOString().slice(0, 10)}. Rerun it to refresh this file;
  it exits non-zero when a bar is missed.

  The corpus (api/test/fixtures/eval, sources and licences in its manifest.json): ${corpus.length} real passages of
  ${Math.min(...corpus.map((c) => c.words))}–${Math.max(...corpus.map((c) => c.words))} words: ${corpus.filter((c) => c.file.startsWith('country-')).length} World Factbook country profiles
  (history and economy, public domain) and ${corpus.filter((c) => !c.file.startsWith('country-')).length} Wikipedia excerpts (statistics, computing, physics,
  biology, engineering, geomatics; CC BY-SA). Some keep the noise a pasted article carries: a heading, section
  headings, citation marks like [1], a "Source:" line with a URL, a licence line. Each passage gets one six-question test
  and three generated flashcards, and so does each passage of the agent's evaluation set below: ${devCorpus.length} passages are
  tuned on (this corpus and the agent's development half) and ${heldBackCorpus.length} are held back (the agent's held-back half, rows
  "Held-back half: …", reported and never read: no question of it is printed here).
  The agent is measured on api/test/fixtures/agent-eval (sources on each passage's first line): passages of varied
  subjects and styles (Wikipedia articles from the FreshWiki set, and encyclopedic, textbook, news, legal and narrative
  texts written for this evaluation), each with three questions asked in other words than the passage uses and one whose answer the
  passage does not hold (older files ask three, the newer four and two absent). The passages of a half are the
  tests of one learner, 50 at most as the agent searches a learner's newest 50 (a half of more is several learners,
  50 each in file order), named neutrally ("Reading 7"), so the agent must find the passage and then the sentence. An answer is right when it holds one of the question's keywords
  (whole words) in at most 700 characters, and honest when it says "not in your material"; anything else is
  confidently wrong.
  - development half (tuned on, with api/test/ai-eval/agent-dev.ts): ${sizes(devHalf)};
  - held-back half (never read while tuning; only its figures are printed): ${sizes(heldHalf)}.
  The agent answers in ${heldHalf.ms.toFixed(1)} ms a question here (in-process, both halves' passages indexed on first use; nearly all of it is the sentence encoder meeting each question's first sentences for the first time, which a learner's next questions over the same material reuse).
  Rows marked "target" are the open issue's bars, reported as measured; bars.test.ts holds the floor reached instead.

  ## Bars

  | bar | measured | met |
  |---|---|---|
  ${rows.map((r) => `| ${r.bar} | ${r.measured} | ${r.ok ? 'yes' : r.target ? '**no** (target)' : '**no**'} |`).join('\n')}

  Six questions from one passage take p50 ${p50.toFixed(0)} ms here (in-process, no database); the bar (p50 < 300 ms over
  1,500 words) is measured by \`pnpm bench\` (docs/benchmarks.md).

  ## How each figure is checked (api/test/ai-eval/checks.ts)

  - **Same kind**: both the answer and the distractor are looked up where the passage uses them (a choice the passage
    never says, such as a WordNet kind of what the answer is a kind of, is read in the answer's place in its sentence), and read with
    wink-nlp's entities (dates, numbers with the noun they count, money, percentages) and parts of speech: a run of
    proper nouns is a person, place, organisation, event, acronym or other name (by the word lists in
    lib/nlp/gazetteer.ts, WordNet, first names and the words around it); a common noun phrase is classed by its head
    (agent, group, process, quality, thing or idea, from the WordNet file of its commonest sense; singular or plural).
    A number made from the answer (a nearby year, a doubled count) counts when
    it has the answer's shape ("$9 billion", "9%").
  - **Fragment**: one or two letters when the answer is longer, a first or last word that is a function word, leading
    or trailing punctuation, a bare title ("Secretary") or kind of body ("Trust Company", "LLC"), unbalanced brackets or quotes.
  - **Contains, abbreviates or aliases**: any two choices where one is inside the other, all the words of one are in
    the other, one is the other's initials ("SVB"), either holds an alias the passage declares ("Silicon Valley
    Bank (SVB)"), or two names share half their words. Each choice is read as the passage writes it: a common noun
    capitalised because the answer opens its sentence ("Population growth") is no name.
  - **Split blank**: a letter, digit or hyphen glued to the blank, a capitalised word right after it, a capitalised
    word before a name's blank (titles excepted), ", N.A." after it, or a number's scale word after it.
  - **Metadata**: the prompt, sentence or a choice holds a URL, "CC BY", "Source:", a licence word, a citation mark,
    or equals one of the passage's heading lines.
  - **Explanations**: every wrong choice of every question is explained; where the passage uses the chosen phrase in
    another sentence, that sentence must be quoted.
  - **Agent**: as above (api/test/ai-eval/agent-set.ts scores it the way the product is judged).

  ## Wh-questions read (first 50 of the development half, in order)

  Judged by reading each one (api/test/ai-eval/wh-reading.json): "ok" is grammatical English a learner can answer
  from the passage; anything else says what is wrong.

  | # | question | answer | reading |
  |---|---|---|---|
  ${sample.map((w, i) => `| ${i + 1} | ${w.q.replace(/\|/g, '/')} | ${w.a} | ${reading[w.q] ?? 'not yet read'} |`).join('\n')}

  ## Agent answers, development half

  | kind | question | verdict | answer (start) |
  |---|---|---|---|
  ${agentRows.join('\n')}

  ## Distractors not of the answer's kind (development half, first 40)

  ${
    kindMisses
      .slice(0, 40)
      .map((m) => `- ${m}`)
      .join('\n') || '- none'
  }
  `;
  // The template sits indented in this function; the file it becomes does not.
  return {
    rows,
    doc: doc.replace(/^ {2}/gm, ''),
    read: sample.map((w) => w.q),
    agentDev: dev,
    testsDev: { ...devTests.notCloze, notCloze: devTests.notCloze.count },
  };
}
