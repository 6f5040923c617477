import { describe, expect, it } from 'vitest';
import { type AnswerType, answerTypeOf, holdsType } from './answer-type';
import { findRelevant } from './retrieval';
import { lemmasOf, type Token } from './wink';
import { similarity } from './word-vectors';
import { attributeNouns, broaderWords, nearWords } from './wordnet';

const typeOf = (q: string) => answerTypeOf(lemmasOf(q));
/** Whether a sentence holds a phrase of the type, the question's own words set aside (none here). */
const holdsIn = (type: AnswerType) => (sentence: string) =>
  holdsType(type, lemmasOf(sentence) as Token[], sentence, new Set());

describe('what kind of answer a question asks for', () => {
  it.each([
    ['Who started the company?', { kind: 'person' }],
    ['When did the bridge open?', { kind: 'date' }],
    ['Where was the treaty signed?', { kind: 'place' }],
    ['Why do bones survive in peat?', { kind: 'reason' }],
    ['What fruit had she eaten?', { kind: 'instance', head: 'fruit' }],
    ['Which kind of rope stretches?', { kind: 'instance', head: 'rope' }],
    ['Which year did it close?', { kind: 'date' }],
    ['Which scientist coined the term?', { kind: 'individual' }],
    ['Which workers went on strike?', { kind: 'person' }],
    ['What is the name of her grandfather?', { kind: 'name' }],
    ['What did the founder call his first submarine?', { kind: 'name' }],
    // The head of a compound is its last noun; an organisation answers as a person does.
    ['Which research body asked for its seeds back?', { kind: 'instance', head: 'body' }],
    ['Which hospital organisation went to court?', { kind: 'person' }],
    // A payment is an amount: "What yearly wage" asks for a sum.
    ['What yearly wage will he earn?', { kind: 'number', measure: ['wage'] }],
    // "Which" asks which one: an index is named, not counted.
    ['Which index do most nations use to track prices?', { kind: 'instance', head: 'index' }],
    // What the main verb measures; a later clause's verb does not say.
    ['How much will I be billed if nothing turns out to be wrong?', { kind: 'number', measure: ['bill'] }],
    ['How much did it cost to build the bridge?', { kind: 'number', measure: ['cost'] }],
    // The verb of a price asks a sum, as "How much" does.
    ['What did a seat on the first dive cost?', { kind: 'number', measure: ['cost'] }],
    ['What does a visitor pay to get in?', { kind: 'number', measure: ['pay'] }],
    ['What did the committee decide to cost out first?', { kind: 'any' }],
    // A question that opens on its verb asks yes or no.
    ['Can a tenant repaint the walls?', { kind: 'polar' }],
    ["Didn't the guild own a hall?", { kind: 'polar' }],
    // A question word after a noun opens a relative clause; after a verb, the question asked.
    ['Did the farmer who owned the bog get a reward?', { kind: 'polar' }],
    ['Do you know who founded the guild?', { kind: 'person' }],
    ['Name the river that floods.', { kind: 'any' }],
  ])('%s', (q, type) => expect(typeOf(q)).toEqual(type));

  it('reads what a number measures: the noun counted, or what WordNet says an adjective measures', () => {
    expect(typeOf('How many passengers does the train seat?')).toEqual({ kind: 'number', measure: ['passenger'] });
    expect(typeOf('How hot does the furnace get?')).toMatchObject({
      kind: 'number',
      measure: expect.arrayContaining(['temperature']),
    });
    expect(typeOf('What is the average summer temperature in Tartus?')).toEqual({
      kind: 'number',
      measure: ['temperature'],
    });
  });
});

describe('general resources, not word lists', () => {
  it('WordNet gives synonyms and derived forms, broader words, and what an adjective measures', () => {
    expect(nearWords('survive')).toContain('survival');
    expect(nearWords('cost')).toContain('price');
    expect(broaderWords('raspberry')).toContain('fruit');
    expect(attributeNouns('tall')).toContain('height');
  });

  it('word vectors find words near in meaning that WordNet does not link', () => {
    expect(similarity('skeleton', 'bones')).toBeGreaterThan(0.5);
    expect(similarity('skeleton', 'bones')).toBeGreaterThan(similarity('skeleton', 'banana') + 0.3);
    expect(similarity('skeleton', 'qwzx')).toBe(0);
  });
});

describe('a number answers "How much" or "How cold" only by its unit', () => {
  const passages = [
    {
      key: 'vault',
      source: 'test "The seed vault"',
      text: `Mira was eleven the winter the vault opened on the island. Its chambers are kept at −18 °C all year round. A dealer once offered the keeper nine hundred pounds for the old key. The farmers earn £34,500 a year.`,
    },
  ];
  const ask = (question: string) => findRelevant({ question, passages, cards: [] });
  it.each([
    // The degree sign says temperature; a pound sign says money, which a wage is paid in.
    ['How cold are the vault chambers kept?', '18 °C'],
    ['What yearly wage do the farmers earn?', '34,500'],
  ])('%s', async (question, answer) => {
    expect((await ask(question))[0]?.text).toContain(answer);
  });
  it('takes a percentage for a proportion or a share', () => {
    const holds = holdsIn({ kind: 'number', measure: ['proportion'] });
    expect(holds('Around 95 per cent of the population must be immune.')).toBe(true);
    expect(holds('Around 95% of the population must be immune.')).toBe(true);
    expect(holds('The vaccine took 95 days to test.')).toBe(false);
  });
  it('reads a currency sign after its country\'s letters, and the "of" after a scale word', () => {
    const holds = holdsIn({ kind: 'number', measure: ['damage'] });
    expect(holds('It caused about US$1.5 billion of damage in the region.')).toBe(true);
    expect(holds('It caused about 1.5 million of them to leave the region.')).toBe(false);
    const paid = holdsIn({ kind: 'number', measure: ['cost'] });
    expect(paid('The price was US$250,000 per person.')).toBe(true);
    // A price is counted in money, not in whatever unit sits near the word in meaning.
    expect(paid('He had learned to play only two years earlier.')).toBe(false);
    expect(paid('A ticket was two dollars.')).toBe(true);
  });
  it('takes a number in units that the asked adjective follows ("19 feet tall" answers "How tall")', () => {
    const tall = typeOf('How tall was the monument?');
    const holds = holdsIn(tall);
    expect(holds('It was 19 feet 3 inches (5.87 m) tall and made from six granite slabs.')).toBe(true);
    expect(holds('It was built by 19 workers from the town.')).toBe(false);
    // An adjective of the same attribute: "4.2 metres wide" says how broad, "40 kilometres long" does not.
    const broad = typeOf('How broad was the paved carriageway?');
    const says = holdsIn(broad);
    expect(says('The roadway was around 4.2 metres wide, enough for two carts to pass.')).toBe(true);
    expect(says('The road was 40 kilometres long.')).toBe(false);
  });
  it('takes "What time" for a time of day, not a date ("5.30 pm", not "the first Saturday of December")', () => {
    const clock = typeOf('What time does the bakery close on Saturdays?');
    const holds = holdsIn(clock);
    expect(holds('The shop closes at 4 pm on Saturdays.')).toBe(true);
    expect(holds('It was the first Saturday of December, the day the bakery made its cakes.')).toBe(false);
    expect(typeOf('What time period does the record cover?').kind).toBe('date');
  });
  it('takes a unit for what "of" leads to ("117 millimetres of rain"), and a stretch of time for "How often"', () => {
    const rain = typeOf('How much rain fell on the moor?');
    expect(holdsIn(rain)('A rain gauge recorded 117 millimetres of rain in less than three hours.')).toBe(true);
    expect(holdsIn(rain)('The storm lasted 3 hours and flooded 40 houses.')).toBe(false);
    const often = holdsIn(typeOf('How often did the signal repeat?'));
    expect(often('She noticed a signal pulsing every 1.337 seconds.')).toBe(true);
    expect(often('The signal was first seen in 1967 by two students.')).toBe(false);
  });
  it('does not take "seven times" for an age: it counts how often', () => {
    const holds = holdsIn({ kind: 'number', measure: ['old', 'age'] });
    expect(holds('He crossed the river seven times that morning.')).toBe(false);
    expect(holds('He was seventy years old when he retired.')).toBe(true);
    // An age as English gives one; a stretch of time is how long, not how old.
    expect(holds('For thirty-six years Aled had rowed people across the river.')).toBe(false);
    expect(holds('She had been the keeper of the light for six years.')).toBe(false);
    for (const age of [
      'A 14-year-old boy won.',
      'She married at the age of 23.',
      'Young was only seventeen and unknown.',
    ])
      expect(holds(age), age).toBe(true);
  });
  it('reads a range and a rate as one number in its unit ("30 to 40 kilometres per hour", "25 miles an hour")', () => {
    const fast = holdsIn(typeOf('How fast does a cold front usually travel?'));
    expect(fast('A typical cold front moves at about 30 to 40 kilometres per hour.')).toBe(true);
    expect(fast('The wind reached 25 miles an hour by noon.')).toBe(true);
    expect(fast('A cold front is about 30 to 40 kilometres wide.')).toBe(false);
    expect(fast('The front passed in 2 hours.')).toBe(false);
  });
  it('counts what "How many of" leads to ("How many of the duke\'s soldiers")', () => {
    const lost = typeOf("How many of the duke's soldiers were lost?");
    expect(lost).toEqual({ kind: 'number', measure: ['soldier'] });
    expect(holdsIn(lost)('About 1,200 soldiers of the duke died at the ford.')).toBe(true);
    expect(holdsIn(lost)('The duke lost 3 cannons and his banner.')).toBe(false);
  });
  it('does not take "eleven the winter her grandfather" for a sum of money', () => {
    const sentence = 'Mira was eleven the winter her grandfather first let her open a clock.';
    expect(holdsIn({ kind: 'number', measure: ['money'] })(sentence)).toBe(false);
  });
});

describe('the agent finds answers said in other words, and nothing when the answer is absent', () => {
  const passages = [
    {
      key: 'bog',
      source: 'test "The bog body"',
      text: `The woman was found in a peat bog in 1943 by workers cutting peat. Her stomach contents showed that raspberries had been her last meal. The bones were preserved in the region owing to its bedrock of limestone. She was sent to the museum in Stockholm by train in a wooden box.

The farmer who owned the bog received a reward of 50 kronor. The skeleton is now kept in the museum's store and is rarely shown.`,
    },
    {
      key: 'film',
      source: 'test "An actress"',
      text: 'For her role as a tired mother, she won the Academy Award for Best Actress in 2023.',
    },
    {
      key: 'rail',
      source: 'test "Fast trains"',
      text: 'The express trains reach 160 km/h on the main line. They were built at a factory in Chennai and entered service in 2019.',
    },
    {
      key: 'pope',
      source: 'test "A funeral"',
      text: "The former pope resigned in 2013 and lived in a monastery. He died on 31 December 2022 at the age of 95. His funeral was held in St Peter's Square.",
    },
    {
      key: 'ward',
      source: 'test "Intensive care"',
      text: 'The hospice withdrew its offer of a bed in July 2022. His mechanical ventilation was withdrawn on 6 August 2022.',
    },
  ];
  const ask = (question: string) => findRelevant({ question, passages, cards: [] });

  it.each([
    // "raspberries" falls under "fruit" in WordNet; "final" is near "last".
    ['What fruit had the woman eaten as her final meal?', 'raspberries'],
    // "kept" for "preserved", and "owing to" gives the reason.
    ['Why were the bones kept so well in the region?', 'limestone'],
    // "made" for "built", and Chennai is the place.
    ['Where were the express trains made?', 'Chennai'],
    // "workers" are people: they answer "Who".
    ['Who found the woman?', 'workers'],
    // "fast" measures speed: the number with km/h answers it.
    ['How fast do the express trains go?', '160 km/h'],
    // WordNet names the "Oscar" the "Academy Award": the material says one, the question the other.
    ['When did she win the Oscar?', '2023'],
    // "ventilator" and "ventilation" share their root.
    ['When was his ventilator withdrawn?', '6 August'],
    // "passed away" is one verb, which WordNet gives as "die".
    ['How old was the former pope when he passed away?', '95'],
  ])('%s', async (question, answer) => {
    const [best] = await ask(question);
    expect(best?.text).toContain(answer);
  });

  it('answers a yes-or-no question only with a sentence that says every part of it', async () => {
    expect((await ask('Did the farmer who owned the bog get a reward?'))[0]?.text).toContain('50 kronor');
    // Nothing says "daughters": the reward sentence can neither confirm nor deny it.
    expect(await ask("Did the farmer's daughters get a reward?")).toEqual([]);
  });

  it.each([
    'How many passengers do the express trains seat?',
    'What was the woman’s blood group?',
    'Who was the museum director in 1943?',
  ])('refuses: %s', async (question) => {
    expect(await ask(question)).toEqual([]);
  });
});

describe('the agent reads what a sentence means, not only its words', () => {
  const passages = [
    {
      key: 'money',
      source: 'test "Inflation"',
      text: 'Inflation is a general rise in the prices of goods and services. It is measured by the change in a price index over a year. When inflation is high, money kept as cash buys less each year, so savers lose out unless interest rates rise faster than prices. Central banks usually raise interest rates to slow it down.',
    },
    {
      key: 'cats',
      source: 'test "Cats in Egypt"',
      text: 'Cats were kept in ancient Egypt to guard grain stores from mice. Killing a cat, even by accident, could be punished by death. When a family cat died, its owners shaved off their eyebrows to show their grief.',
    },
  ];
  // By words alone, "It is measured by the change in a price index" (price, change) and "Killing a
  // cat … could be punished" (cat) came first.
  it.each([
    ['Why are people who keep their savings in cash worse off when prices go up?', 'savers lose out'],
    ['How did Egyptian families mourn a pet cat?', 'shaved off their eyebrows'],
  ])('%s', async (question, answer) => {
    const [best] = await findRelevant({ question, passages, cards: [] });
    expect(best?.text).toContain(answer);
  });
});

describe('the names a question asks about', () => {
  const passages = [
    {
      key: 'docks',
      source: 'test "A quarter of the city"',
      text: `The Harbour District, also known as Old Docks or Salt Row, has long drawn painters. Its first gallery opened in 1962 in a former warehouse. Tenants who are unhappy with a landlord's reply can take their complaint to the city ombudsman.`,
    },
  ];
  const ask = (question: string) => findRelevant({ question, passages, cards: [] });
  it('finds a name whose declared alias is several words long', async () => {
    // The question names the district; the passage also calls it "Old Docks", which the material holds word by word.
    expect((await ask('When did the Harbour District get its first gallery?'))[0]?.text).toContain('1962');
  });
  it("reads a people's name in the plural as its country's", async () => {
    const storm = [
      {
        key: 'storm',
        source: 'test "The cyclone"',
        text: 'In Bangladesh, people were evacuated from the coast on 12 May 2023.',
      },
    ];
    const [best] = await findRelevant({
      question: 'When were the Bangladeshis evacuated?',
      passages: storm,
      cards: [],
    });
    expect(best?.text).toContain('12 May 2023');
  });
  it('does not read "I\'m" as a name the material must hold', async () => {
    expect((await ask("Where can I take my complaint if I'm unhappy with the landlord's reply?"))[0]?.text).toContain(
      'ombudsman',
    );
  });
});

describe('a name is what quotation marks hold, not an apostrophe', () => {
  const namesIt = (sentence: string) =>
    holdsType({ kind: 'name' }, lemmasOf(sentence) as Token[], sentence, new Set(['grandfather', 'boat', 'mira']));
  it.each([
    ['The boat was painted grey and blue.', false],
    // "Mira's" has an apostrophe and says no name of the grandfather.
    ["When she asked what she owed, Mira's grandfather said twelve pounds.", false],
    ["The fishermen's boat was painted grey.", false],
    ['The fishermen knew the boat as "the Heron".', true],
    ["The fishermen knew the boat as 'the Heron'.", true],
  ])('%s', (sentence, named) => expect(namesIt(sentence)).toBe(named));
});
