/** The feedback form's fields as typed. */
export interface FeedbackValues {
  branchId: string;
  text: string;
}

export type FeedbackErrors = Partial<Record<keyof FeedbackValues, 'chooseOffice' | 'required'>>;

/** Spec §5: an office is required ('Choose an office') and so is a text that is not blank. */
export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (values.branchId === '') errors.branchId = 'chooseOffice';
  if (values.text.trim() === '') errors.text = 'required';
  return errors;
}

/** The contract's limit on the text. */
export const FEEDBACK_MAX_LENGTH = 4000;
