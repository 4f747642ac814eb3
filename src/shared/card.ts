// The card number check the deposit form runs before it tokenizes a card and the sandbox
// card provider runs again on what it receives: one rule, so the two never disagree.

/** A card number as typed, without the spaces and dashes people group its digits with. */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

/** Luhn's checksum of a card number's digits. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether `digits` (see cardDigits) can be a card's number: 12 to 19 digits that pass Luhn's checksum. */
export const validCardNumber = (digits: string): boolean => /^\d{12,19}$/.test(digits) && luhn(digits);
