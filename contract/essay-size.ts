/** The longest essay, in UTF-16 code units (what a textarea's maxLength counts). */
export const ESSAY_CHARACTERS = 20_000;
