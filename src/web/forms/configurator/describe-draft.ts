import type { PreviousDraft } from '../../../contracts/forms';

// Dates as the dealer reads them: "Nov 27, 2026, 3:45 PM".
export const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Smith, Ann: 23 answers" (or "No name yet: 4 answers"), so two set-aside forms read apart. */
export function describeDraft(draft: PreviousDraft): string {
  const answers = `${draft.answers} ${draft.answers === 1 ? 'answer' : 'answers'}`;
  return `${draft.name ?? 'No name yet'}: ${answers}`;
}
