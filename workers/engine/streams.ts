/**
 * Salts of the row-level and auxiliary streams. Each is mixed into a table or field key so that, for
 * example, a field's null decisions never shift its values and a row's person never depends on fields.
 */
import { hashString } from './random.js';

/** Row streams (mixed into the table key): the latent person, the latent place and the per-row locale. */
export const PERSON_SALT = hashString('\u0000person');
export const PLACE_SALT = hashString('\u0000place');
export const LOCALE_SALT = hashString('\u0000locale');

/** Field sub-streams (mixed into the field key). */
export const NULL_SALT = hashString('\u0000null');
export const UNIQUE_SALT = hashString('\u0000unique');
export const RANK_SALT = hashString('\u0000rank');
export const SLOT_SALT = hashString('\u0000slot');
export const ALLOCATION_SALT = hashString('\u0000allocation');
