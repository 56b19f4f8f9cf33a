/** Prompt limits, apart from the reader so that checking a request does not load it. */

/** Longest prompt accepted (characters), as the interface says. */
export const MAX_PROMPT_CHARS = 5000;
