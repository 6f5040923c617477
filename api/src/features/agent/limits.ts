/** How much of the learner's material the agent searches; beyond this the newest wins. */
export const CARDS_SEARCHED = 1000;
export const ROOM_CARDS_SEARCHED = 1000;
export const PASSAGES_SEARCHED = 50;
