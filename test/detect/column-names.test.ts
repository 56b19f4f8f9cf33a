/**
 * Column names → types (test/fixtures/column-names.json, a training set; see column-names.md): the
 * share of names the naming module types acceptably, as prompt mode types a named column and as schema
 * detection types a column of unknown storage. Floors sit under the measured shares and only rise.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { typeFromName } from '../../src/detect/naming.js';
import { typeFor } from '../../src/prompt/fields.js';
import { knownColumn } from '../../src/prompt/knowledge.js';
import { singular } from '../../src/prompt/text.js';

interface Entry {
  name: string;
  table: string;
  types: string[];
}

const entries = JSON.parse(
  readFileSync(new URL('../fixtures/column-names.json', import.meta.url), 'utf8'),
) as Entry[];

const PROMPT_FLOOR = 0.95;
const DETECT_FLOOR = 0.85;

t.test('column names are typed as a careful engineer would', async (t) => {
  t.ok(entries.length >= 700, `${entries.length} names`);
  const promptType = (e: Entry) =>
    knownColumn(singular(e.table), { name: e.name, ...typeFor(e.name, e.table) }).type;
  const prompt = entries.filter((e) => e.types.includes(promptType(e)));
  const detect = entries.filter((e) =>
    e.types.includes(typeFromName(e.name, 'any', e.table)?.type ?? 'words'),
  );
  const share = (n: number) => n / entries.length;
  t.comment(
    `prompt typing: ${prompt.length}/${entries.length}; detection: ${detect.length}/${entries.length}`,
  );
  t.ok(
    share(prompt.length) >= PROMPT_FLOOR,
    `prompt typing ≥ ${PROMPT_FLOOR} (got ${share(prompt.length).toFixed(3)})`,
  );
  t.ok(
    share(detect.length) >= DETECT_FLOOR,
    `detection ≥ ${DETECT_FLOOR} (got ${share(detect.length).toFixed(3)})`,
  );
});

t.test('names of sums, units, thresholds and qualifiers type as a careful engineer would', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  // Minutes to cook or travel; a deadline is a day; a card's last four digits; a wine's vintage.
  t.equal(type('bake_time'), 'integer');
  t.equal(type('reading_time'), 'datetime');
  t.equal(type('deadline'), 'date');
  t.equal(type('card_last4'), 'integer');
  t.equal(type('vintage'), 'integer');
  t.equal(type('feeding_time'), 'time');
  t.equal(type('conductor'), 'full_name');
  // A list of amenities, a machine's cores, a shop's opening hours, a song's key.
  t.equal(type('amenities'), 'array');
  t.equal(type('cpu_cores'), 'integer');
  t.equal(type('opening_hours'), 'enum');
  t.equal(type('key', 'songs'), 'enum');
  t.not(type('key', 'api_clients'), 'enum');
  // A contact method is no HTTP verb; a request log's method is; a bare VAT is a sum; "after" qualifies.
  t.equal(type('preferred_contact_method'), undefined);
  t.equal(type('method', 'request_logs'), 'http_method');
  t.equal(type('vat'), 'amount');
  t.equal(type('vat_number'), 'vat_number');
  t.equal(type('balance_after'), 'amount');
  t.equal(type('on_hold'), 'boolean');
  // A table decides what its name, type or code is: a university's, a bank's, a neighborhood's names.
  t.equal(type('name', 'colleges'), 'university_name');
  t.equal(type('name', 'banks'), 'bank_name');
  t.equal(type('name', 'neighbourhoods'), 'neighborhood');
  t.equal(type('type', 'leave_requests'), 'leave_type');
  t.equal(type('kind', 'properties'), 'property_type');
  t.equal(type('engine', 'db_clusters'), 'database_engine');
  t.equal(type('code', 'currencies'), 'currency');
  t.equal(type('code', 'vouchers'), undefined);
  // Things found, caught or kept are counted; a share of completion is a percentage.
  t.equal(type('errors_found'), 'integer');
  t.equal(type('fish_caught'), undefined);
  t.equal(type('bugs_caught'), 'integer');
  t.equal(type('percent_done'), 'number');
  // A rental's "rented to" is a date, as its "rented from" is; a billing cycle's sequence a number.
  t.equal(type('leased_to'), 'date');
  t.equal(type('seq'), 'integer');
  // A pet's name is a given name; an allergen an allergy; the people who answer a survey have names.
  t.equal(type('dog_name'), 'first_name');
  t.equal(type('allergen'), 'allergy');
  t.equal(type('respondent'), 'full_name');
  // Yes/no adjectives; a message's "opened" is yes/no, a clause's heading a title, a ship's a bearing.
  t.equal(type('offline'), 'boolean');
  t.equal(type('clicked', 'push_notifications'), 'boolean');
  t.equal(type('clicked'), undefined);
  t.equal(type('heading', 'report_sections'), 'title');
  t.equal(type('heading', 'vessels'), 'integer');
  // A sum paid, due or owed is money; whether a fee was paid is yes/no.
  t.equal(type('fare_paid'), 'amount');
  t.equal(type('rent_due'), 'amount');
  t.equal(type('due_date'), 'date');
  t.equal(type('fee_paid'), 'boolean');
  t.equal(type('payment_due'), 'date');
  // A unit alone or first is a quantity.
  t.equal(type('kg'), 'decimal');
  t.equal(type('ms_played'), 'integer');
  t.equal(type('steps_walked'), 'integer');
  // …after the specific rules: hours worked keep their own range.
  t.same(typeFromName('hours_worked'), { type: 'decimal', params: { min: 0, max: 60, precision: 1 } });
  // A measure's threshold is that measure; a thing required is yes/no.
  t.equal(type('level_required'), 'number');
  t.equal(type('salary_minimum'), 'salary');
  t.equal(type('age_minimum'), 'age');
  t.equal(type('id_required'), 'boolean');
  // A qualifier after the measure leaves the measure to decide.
  t.equal(type('income_yearly'), 'salary');
  t.equal(type('car_class'), 'word');
  t.equal(type('commune'), 'city');
  // A price bar's open and close, only where the table holds prices.
  t.equal(type('close', 'exchange_rates'), 'decimal');
  t.equal(type('open', 'stock_quotes'), 'decimal');
  t.equal(type('open', 'shops'), undefined);
  t.equal(type('open', 'bars'), undefined);
  t.equal(type('close', 'crates'), undefined);
});

t.test('who did it, when it is set for, and words that only look like other types', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  // A participle with "by" names a person; with "for", the moment something is set for.
  t.equal(type('approved_by'), 'full_name');
  t.equal(type('assigned_to'), 'full_name');
  t.equal(type('scheduled_for'), 'datetime');
  t.equal(type('due_by'), 'datetime');
  t.equal(type('prescriber'), 'full_name');
  t.equal(type('head_of_household_name'), 'full_name');
  // A sum asked for or claimed is money, not the day it happened.
  t.equal(type('amount_requested'), 'amount');
  t.equal(type('tax_withheld'), 'amount');
  t.equal(type('year_built'), 'integer');
  // A card that pays is a card number; any other card has a plain number.
  t.equal(type('library_card_number'), 'sequence');
  t.equal(type('card_number'), 'credit_card_number');
  // A kind, not a person or a measure: a risk profile, a focus area (a floor area is measured).
  t.equal(type('risk_profile'), 'word');
  t.equal(type('focus_area'), 'word');
  t.equal(type('floor_area'), 'decimal');
  // A site is a place, not a web address.
  t.equal(type('site'), undefined);
  t.equal(type('website'), 'url');
  t.equal(type('frozen'), 'boolean');
  t.equal(type('rated_mw'), 'decimal');
  t.equal(type('download_mbps'), 'decimal');
  t.equal(type('isp'), 'company_name');
  // The table decides: a book's genre is a word, a song's a music genre; an agent's extension is a number.
  t.equal(type('genre', 'series'), 'word');
  t.equal(type('genre', 'performances'), 'music_genre');
  t.equal(type('extension', 'agents'), 'integer');
  t.equal(type('extension', 'attachments'), 'file_extension');
  t.equal(type('stars', 'repositories'), 'integer');
  t.equal(type('stars', 'hotels'), 'rating');
  // A person's or a text's language; a repository's is a programming language.
  t.equal(type('language', 'tickets'), 'locale_code');
  t.equal(type('language', 'repositories'), 'programming_language');
  t.equal(type('party_affiliation', 'voters'), 'word');
  t.equal(type('opens_at', 'restaurants'), 'time');
  t.equal(type('avg_handle_time', 'agents'), 'integer');
  t.equal(type('address', 'crypto_wallets'), 'wallet_address');
  t.equal(type('address', 'customers'), 'address');
  t.equal(type('image', 'deployments'), 'docker_image');
  t.equal(type('size', 'files'), 'file_size');
  // An animal's birth day is no adult's date of birth.
  t.equal(type('birth_date', 'livestock'), 'date_past');
  t.equal(type('birth_date', 'patients'), 'date_of_birth');
  t.equal(type('last_counted'), 'datetime');
  t.equal(type('issue'), 'sentence');
  // A player's position is a word; a track's in a playlist a number.
  t.equal(type('position', 'players'), 'word');
  t.equal(type('position', 'playlist_tracks'), 'integer');
  // A log line's time is a moment; a shop's opening time a time of day.
  t.equal(type('time', 'device_logs'), 'datetime');
  t.equal(type('time'), 'time');
  t.equal(type('content_type', 'containers'), 'word');
  t.equal(type('content_type', 'uploads'), 'mime_type');
  t.equal(type('network', 'cards'), 'enum');
  t.equal(type('number', 'invoices'), 'invoice_number');
  t.equal(type('personal_number'), 'ssn');
  t.equal(type('jurisdiction'), 'country');
  t.equal(type('finish_time'), 'duration');
  t.equal(type('column_number'), 'integer');
  t.equal(type('manufacturer_name'), 'company_name');
  t.equal(type('operator_name'), 'full_name');
  t.equal(type('operator', 'cell_towers'), 'company_name');
  t.equal(type('operator', 'machines'), 'full_name');
  t.equal(type('message', 'commits'), 'sentence');
  t.equal(type('rate', 'time_entries'), 'price');
  // The narrow rules stay narrow: what they do not name keeps its other reading.
  t.equal(type('needed_by'), 'datetime');
  t.not(type('used_for'), 'datetime');
  t.not(type('year_level'), 'integer');
  t.not(type('linkedin_profile'), 'word');
  t.equal(type('planted_area'), 'decimal');
  t.equal(type('closes_at', 'auctions'), 'datetime');
  t.equal(type('closes_at', 'restaurants'), 'time');
  t.equal(type('content_type'), 'mime_type');
  t.equal(type('address', 'retail_chains'), 'address');
  t.equal(type('genre', 'plays'), 'word');
  t.equal(type('network', 'sim_cards'), 'company_name');
  t.not(type('operator', 'production_lines'), 'company_name');
  t.equal(type('birth_date', 'shepherds'), 'date_of_birth');
  t.not(type('size', 'profiles'), 'file_size');
  t.not(type('image', 'services'), 'docker_image');
  t.equal(type('body', 'blog_posts'), 'paragraph');
  t.equal(type('issue', 'magazines'), 'integer');
  t.same(typeFromName('temperature', 'any', 'patients')?.params, { min: 35.5, max: 39.5, precision: 1 });
  t.same(typeFromName('network', 'any', 'cards')?.params, {
    values: ['Visa', 'Mastercard', 'American Express', 'Discover'],
  });
  t.same(typeFromName('year_built')?.params, { min: 1950, max: 2025 });
  t.equal(type('number', 'batches'), 'sequence');
  t.equal(type('number', 'policies'), 'sequence');
});

t.test('singular and plural come from pluralize, with the exceptions seed data needs', async (t) => {
  const { isPlural, plural } = await import('../../src/prompt/text.js');
  // pluralize would read "specimen" as the plural of "speciman", "calories" as that of "calory".
  const singulars: [string, string][] = [
    ['shelves', 'shelf'],
    ['criteria', 'criterion'],
    ['alumni', 'alumnus'],
    ['specimen', 'specimen'],
    ['specimens', 'specimen'],
    ['calories', 'calorie'],
    ['leaves', 'leave'],
    ['data', 'data'],
    ['analytics', 'analytics'],
  ];
  for (const [word, one] of singulars) t.equal(singular(word), one, `singular ${word}`);
  // A table's name takes the English plural of a Latin or Greek word.
  const plurals: [string, string][] = [
    ['shelf', 'shelves'],
    ['person', 'people'],
    ['movie', 'movies'],
    ['virus', 'viruses'],
    ['schema', 'schemas'],
    ['stadium', 'stadiums'],
    ['alumnus', 'alumni'],
  ];
  for (const [word, many] of plurals) t.equal(plural(word), many, `plural ${word}`);
  for (const word of ['mice', 'alumni']) t.ok(isPlural(word), `${word} is plural`);
  for (const word of ['those', 'theirs', 'specimen', 'gps', "'s"])
    t.notOk(isPlural(word), `${word} is no plural`);
});

t.test('a push token is a device token, not a JWT', async (t) => {
  t.equal(typeFromName('device_token')?.type, 'hash_sha256');
  t.equal(typeFromName('access_token')?.type, 'jwt_token');
});

t.test('rates, how often, how long and what can be done', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  // A rate's measure decides; it is never the day it is per.
  t.equal(type('calls_per_day'), 'number');
  t.equal(type('price_per_night'), 'price');
  t.not(type('pay_per_day'), 'date');
  t.equal(type('times_redeemed'), 'integer');
  t.equal(type('years_teaching'), 'integer');
  // An adjective in -able or -ible is yes/no; nouns in -able and things counted are not.
  t.equal(type('wheelchair_accessible'), 'boolean');
  t.equal(type('bookable'), 'boolean');
  t.not(type('timetable'), 'boolean');
  t.not(type('accounts_receivable'), 'boolean');
  t.equal(type('spots_available'), 'integer');
  t.equal(type('dealer_name'), 'company_name');
});

t.test('ports of call, spoken languages, skills, characters and gamer tags', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  t.equal(type('departure_port'), 'city');
  t.equal(type('port', 'voyages'), 'city');
  t.equal(type('port', 'servers'), 'port_number');
  t.equal(type('source_language', 'projects'), 'locale_code');
  t.equal(type('language', 'repositories'), 'programming_language');
  t.equal(type('specialty', 'personal_trainers'), 'skill');
  t.equal(type('specialty', 'doctors'), 'medical_specialty');
  t.equal(type('character_name', 'roles'), 'full_name');
  t.equal(type('player_tag'), 'username');
});

t.test("a member's card number and a release's version number", async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  t.equal(type('card_number', 'members'), 'sequence');
  t.equal(type('card_number', 'library_patrons'), 'sequence');
  t.equal(type('card_number', 'credit_cards'), 'credit_card_number');
  t.equal(type('card_number', 'payments'), 'credit_card_number');
  t.equal(type('version_number', 'releases'), 'semver');
});

t.test('quantities available, rates and ports', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  t.equal(type('quantity_available', 'products'), 'integer');
  t.equal(type('rate_per_night', 'hotels'), 'price');
  t.not(type('comments_per_post'), 'sentence');
  t.equal(type('port', 'containers'), 'port_number');
});

t.test('codes that are no numbering', async (t) => {
  const type = (name: string, table?: string) => typeFromName(name, 'any', table)?.type;
  t.equal(type('color_code'), 'color_hex');
  t.equal(type('airport_code'), 'enum');
  t.equal(type('door_code'), 'integer');
  t.equal(type('error_code'), 'integer');
  t.equal(type('course_code'), 'sequence');
});
