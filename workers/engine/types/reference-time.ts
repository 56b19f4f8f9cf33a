/** The fixed "now" of generated data (workers have no clock): relative dates and ages count from it. */

/** 2026-01-01T00:00:00Z. */
export const REFERENCE_TIME = Date.UTC(2026, 0, 1);
/** The calendar year of REFERENCE_TIME: "the current year" of the hosted service's age params. */
export const REFERENCE_YEAR = 2026;
export const DAY = 86_400_000;
