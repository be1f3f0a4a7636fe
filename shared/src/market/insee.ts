/** An INSEE commune code: 5 digits, or 2A/2B and 3 digits in Corsica. Apart, so that any contract can import it without a cycle. */
export const INSEE_PATTERN = /^(\d{5}|2[AB]\d{3})$/;
