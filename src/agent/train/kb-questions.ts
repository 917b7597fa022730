/**
 * Knowledge-base questions written from the kb/ articles for the answerability model: ones an
 * article answers (resolve) and ones on the same topics it does not (escalate). Never from the
 * golden test split.
 */
export const KB_QUESTIONS: Array<{ text: string; route: 'resolve' | 'escalate' }> = [];
