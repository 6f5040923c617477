/** What the demo learner studies: small biology and geography decks, a week of plans, a passage. */

/** Decks nest as Anki's do: "Biology" holds "Cells" and "Plants". */
export const DEMO_CARDS: { question: string; answer: string; deck: string; kind?: 'cloze' }[] = [
  {
    question: 'Where in a plant cell does photosynthesis take place?',
    answer: 'In the chloroplasts',
    deck: 'Biology::Plants',
  },
  { question: 'Which pigment captures light in leaves?', answer: 'Chlorophyll', deck: 'Biology::Plants' },
  { question: 'What gas do plants release during photosynthesis?', answer: 'Oxygen', deck: 'Biology::Plants' },
  { question: 'What is the powerhouse of the cell?', answer: 'The mitochondrion', deck: 'Biology::Cells' },
  { question: 'What carries genetic information in most living things?', answer: 'DNA', deck: 'Biology::Cells' },
  { question: 'What is the capital of Australia?', answer: 'Canberra', deck: 'Geography' },
  { question: 'Which is the longest river in South America?', answer: 'The Amazon', deck: 'Geography' },
  { question: 'What is the largest ocean on Earth?', answer: 'The Pacific Ocean', deck: 'Geography' },
  { question: 'Which enzyme fixes carbon in the Calvin cycle?', answer: 'RuBisCO', deck: 'Biology::Plants' },
  { question: 'What is the capital of Canada?', answer: 'Ottawa', deck: 'Geography' },
  { question: 'What are the building blocks of proteins?', answer: 'Amino acids', deck: 'Biology::Cells' },
  { question: 'Which mountain range separates Europe from Asia?', answer: 'The Ural Mountains', deck: 'Geography' },
  // Added yesterday, so new: a cloze text whose two deletions are two cards.
  {
    kind: 'cloze',
    question: '{{c1::Mitochondria}} release the energy stored in {{c2::glucose::a sugar}}.',
    answer: 'Cellular respiration',
    deck: 'Biology::Cells',
  },
];

/** Days from Monday (0) and the hour (UTC); sessions before now are marked done. */
export const DEMO_SESSIONS = [
  { title: 'Cell biology: organelles', subject: 'Biology', duration: 45, day: 0, hour: 18 },
  { title: 'World capitals review', subject: 'Geography', duration: 30, day: 1, hour: 19 },
  { title: 'Photosynthesis and the Calvin cycle', subject: 'Biology', duration: 60, day: 3, hour: 18 },
  { title: 'Rivers and mountain ranges', subject: 'Geography', duration: 30, day: 4, hour: 19 },
  { title: 'Weekly recap', subject: 'Biology', duration: 40, day: 6, hour: 10 },
];

export const DEMO_ROOM_CARDS = [
  { question: 'What does a ribosome make?', answer: 'Proteins' },
  { question: 'What surrounds every cell?', answer: 'The cell membrane' },
  { question: 'Which organelle holds the cell’s DNA?', answer: 'The nucleus' },
];

export const DEMO_PASSAGE = `Photosynthesis is the process by which green plants, algae and some bacteria turn light energy into chemical energy. The reaction takes place mainly in the leaves, inside small organelles called chloroplasts. Each chloroplast contains stacks of membranes known as thylakoids, where the green pigment chlorophyll captures light. Chlorophyll absorbs red and blue light most strongly and reflects green light, which is why most leaves look green to us.

The overall reaction combines carbon dioxide and water to make glucose and oxygen. Six molecules of carbon dioxide and six molecules of water produce one molecule of glucose and six molecules of oxygen. The oxygen we breathe is released as a by-product when water molecules are split during the light-dependent reactions.

The second stage, the Calvin cycle, does not need light directly. It uses the energy carriers ATP and NADPH to fix carbon from the air into sugars. The enzyme that performs this fixation is called RuBisCO, and it is thought to be the most abundant protein on Earth. Melvin Calvin received the Nobel Prize in Chemistry in 1961 for mapping this cycle with radioactive carbon.

In 1779, the Dutch physician Jan Ingenhousz showed that plants need sunlight to release oxygen. Today scientists estimate that marine phytoplankton produce roughly 50% of the oxygen in the atmosphere. Farmers depend on efficient photosynthesis for high crop yields, and researchers are trying to engineer plants whose RuBisCO wastes less energy.`;
