/** Study buttons are thumb-sized: 48 px tall, above the 44 px a finger needs on a phone. */
export const STUDY_BUTTON = 'min-h-12';
