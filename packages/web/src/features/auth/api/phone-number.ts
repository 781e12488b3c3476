/** A Finnish mobile number as the contract accepts it: `+358 40 123 4567` or `040 123 4567`. */
const MOBILE_NUMBER = /^(\+358 ?|0)(4[0-9]|50)( ?[0-9]){4,8}$/;

/** The message key for a phone number, or null when it is valid. */
export function phoneNumberError(
  value: string,
): 'mobile.errors.required' | 'mobile.errors.invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'mobile.errors.required';
  return MOBILE_NUMBER.test(trimmed) ? null : 'mobile.errors.invalid';
}
