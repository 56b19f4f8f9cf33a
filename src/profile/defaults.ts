/** What the `profile` command's flags default to, apart from the profiler (loaded only when it runs). */

/** Default `--sample`: rows read per table. */
export const DEFAULT_SAMPLE = 20_000;
/** Default `--min-group`. */
export const DEFAULT_MIN_GROUP = 10;
