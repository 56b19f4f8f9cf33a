/**
 * What the `seed` command's help and flags name before any database code loads (the CLI loads the
 * seeding modules only when a seed runs).
 */

/** The database URLs `seed` and `profile` open. */
export const URL_SCHEMES = ['postgres://', 'postgresql://', 'mysql://', 'mariadb://', 'sqlite:'];

/** With --append: the existing keys a ref draws from at most. */
export const DEFAULT_REF_SAMPLE = 100_000;
