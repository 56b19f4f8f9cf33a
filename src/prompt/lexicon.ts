/**
 * Words the offline prompt converter knows (data only): number words, units that are not entities,
 * adjectives to skip, nationality and city words → locale codes, domain phrases → templates, and the
 * event-like entities that may repeat between the same two parents.
 */

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  dozen: 12,
};

/** Words that name the data itself: after a noun they stand for its table ("profile rows" → profiles). */
export const ROW_WORDS = new Set(['rows', 'row', 'data', 'table', 'dataset']);
/** Words that, after a noun, name a table of that noun's records ("service records", "waitlist entries"). */
export const RECORD_WORDS = new Set(['records', 'entries', 'logs', 'log', 'ledger', 'journal']);
/** Singular words that name a table of the noun before them ("reagent inventory", "supplements catalog"). */
export const COLLECTION_WORDS = new Set([
  'list',
  'inventory',
  'catalog',
  'catalogue',
  'register',
  'registry',
  'fleet',
  'directory',
  'roster',
]);
/**
 * Words that keep a link table's pairs unique ("unique pair", "unique per member+class", "pairs must be
 * unique"), as a pattern's source: relations read them (convert.ts), and column lists drop them.
 */
export const UNIQUE_PAIRS = String.raw`unique\s+(?:per\s+)?(?:[a-z]+\s*[+&/]\s*[a-z]+\s+)?(?:pairs?|combinations?)|unique\s+per\s+[a-z]+\s*[+&/]\s*[a-z]+|(?:each\s+)?pairs?\s+(?:must\s+be\s+|should\s+be\s+|is\s+|are\s+)?unique`;

/** Words for a kind of value: a heading of one of them ("type: vacation, sick") lists its choices. */
export const KIND_WORDS = new Set([
  'type',
  'kind',
  'status',
  'category',
  'level',
  'tier',
  'priority',
  'stage',
  'mode',
  'format',
  'role',
  'class',
  'grade',
  'size',
  'state',
]);
/** Units only after a number ("280 characters"); without one they are things ("MMO characters"). */
export const COUNTED_UNITS = new Set(['characters', 'letters', 'digits', 'records', 'entries']);

/** Nouns that follow a number without being an entity ("10 minutes", "5 stars", "30 days"). */
export const UNITS = new Set([
  'pieces',
  'pcs',
  'second',
  'seconds',
  'minute',
  'minutes',
  'hour',
  'hours',
  'day',
  'days',
  'night',
  'nights',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'stars',
  'star',
  'km',
  'kilometers',
  'kilometres',
  'miles',
  'mi',
  'tons',
  'tonnes',
  'kg',
  'kilograms',
  'percent',
  'rows',
  'row',
  'records',
  'record',
  'entries',
  'times',
  'characters',
  'chars',
  'words',
  'digits',
  'decimals',
  'letters',
  'dollars',
  'euros',
  'usd',
  'eur',
  'cents',
  'points',
  'm2',
  'sqm',
  'meters',
  'metres',
  'feet',
  'ft',
  'gb',
  'mb',
  'kb',
  'bytes',
  'calories',
  'kcal',
  'ms',
  'milliseconds',
  'secs',
  'mins',
  'hrs',
  'grams',
  'g',
  'mg',
  'lbs',
  'pounds',
  'ounces',
  'oz',
  'liters',
  'litres',
  'ml',
  'cm',
  'mm',
  'inches',
  'hectares',
  'acres',
  'sqft',
  'kwh',
  'watts',
  'volts',
  'bpm',
  'mph',
  'kph',
  'degrees',
  'tb',
  'gbp',
  'yen',
  'rupees',
  'reais',
  'pesos',
  'francs',
  'rubles',
  'dirhams',
  'riyals',
  'of',
  'to',
  'and',
  'or',
  'per',
  'each',
  'more',
  'less',
  'max',
  'min',
  'decimal',
]);

/** Words that stop a noun phrase. */
export const STOP_WORDS = new Set([
  'with',
  'and',
  'or',
  'each',
  'every',
  'per',
  'who',
  'that',
  'which',
  'where',
  'for',
  'from',
  'in',
  'of',
  'having',
  'has',
  'have',
  'is',
  'are',
  'to',
  'on',
  'at',
  'by',
  'between',
  'linking',
  'links',
  'joining',
  'join',
  'plus',
  'including',
  'containing',
  'contain',
  'contains',
  'whose',
  'as',
  'the',
  'a',
  'an',
  'their',
  'its',
  'placed',
  'owned',
  'stored',
  'taught',
  'assigned',
  'opened',
  'sent',
  'written',
  'created',
  'made',
  'belong',
  'belongs',
  'can',
  'should',
  'must',
  'will',
  'all',
  'some',
  'about',
  'around',
  'roughly',
  'approximately',
  'maybe',
  'over',
  'under',
  'than',
  'like',
  'into',
  'inside',
  'within',
  'using',
  'via',
  'through',
  'then',
  'also',
  'but',
  'if',
  'when',
  'while',
]);

/** Adjectives in front of an entity noun that do not change the table ("50 fake German users"). */
export const ADJECTIVES = new Set([
  'fake',
  'random',
  'realistic',
  'sample',
  'test',
  'dummy',
  'mock',
  'synthetic',
  'different',
  'unique',
  'new',
  'active',
  'real',
  'some',
  'several',
  'more',
  'additional',
  'extra',
  'various',
  'distinct',
  'demo',
  'many',
  'multiple',
  'numerous',
  'few',
  'lots',
  'daily',
  'weekly',
  'monthly',
  'hourly',
  'example',
  'small',
  'large',
  'big',
  'recent',
  'upcoming',
  'past',
  'future',
  'previous',
  'current',
  'latest',
  'existing',
  'typical',
  'total',
  'arabic-speaking',
  'english-speaking',
  'spanish-speaking',
  'french-speaking',
  'german-speaking',
]);

/**
 * Whether an adjective sorts things into kinds ("medical records", "open houses") rather than describes
 * them ("deep shafts"): the suffixes of adjectives made from nouns, and the everyday ones without.
 */
export function isClassifying(adjective: string): boolean {
  return (
    /[a-z]{3}(al|ic|ary|ory)$/.test(adjective) ||
    /^(open|public|private|online|offline|digital|physical|annual|outgoing|incoming|inbound|outbound|recurring|electric|solar|mobile|legal|social|joint|foreign|domestic|retail|wholesale)$/.test(
      adjective,
    )
  );
}

/** Nationality, language, country and city words → locale code. */
export const LOCALE_WORDS: [RegExp, string][] = [
  [/\b(german|germany|deutsch|berlin|munich|hamburg|austrian|austria|vienna)\b/, 'de'],
  [/\b(french|france|paris|lyon|marseille)\b/, 'fr'],
  [/\b(spanish|spain|madrid|barcelona|mexican|mexico)\b/, 'es'],
  [/\b(russian|russia|moscow)\b/, 'ru'],
  [/\b(chinese|china|beijing|shanghai|mandarin)\b/, 'zh'],
  [/\b(arabic|arab|saudi|egyptian|egypt|dubai|emirati)\b/, 'ar'],
  [/\b(italian|italy|rome|milan)\b/, 'it'],
  [/\b(japanese|japan|tokyo|osaka)\b/, 'ja'],
  [/\b(hindi|indian|india|delhi|mumbai)\b/, 'hi'],
  [/\b(portuguese|portugal|brazilian|brazil|lisbon|s[aã]o paulo|rio de janeiro)(?![a-z])/, 'pt'],
  [/\b(indonesian|indonesia|jakarta)\b/, 'id'],
  [/\b(korean|korea|seoul)\b/, 'ko'],
  [/\b(turkish|turkey|istanbul|ankara)\b/, 'tr'],
  [/\b(persian|iranian|iran|farsi|tehran)\b/, 'fa'],
  [/\b(polish|poland|warsaw)\b/, 'pl'],
  [/\b(dutch|netherlands|holland|amsterdam)\b/, 'nl'],
  [/\b(swedish|sweden|stockholm)\b/, 'sv'],
  [/\b(danish|denmark|copenhagen)\b/, 'da'],
  [/\b(norwegian|norway|oslo)\b/, 'nb'],
  [/\b(thai|thailand|bangkok)\b/, 'th'],
  [/\b(croatian|croatia|zagreb)\b/, 'hr'],
];

/** Locale words that are also cuisines, values or field words in context ("cuisine italian"). */
export const LOCALE_WORD_SET = new Set(
  'german deutsch austrian french spanish mexican russian chinese mandarin arabic arab saudi egyptian emirati italian japanese hindi indian portuguese brazilian indonesian korean turkish persian iranian farsi polish dutch swedish danish norwegian thai croatian american british english'.split(
    ' ',
  ),
);

/** Domain phrases → template id. */
export const DOMAINS: [RegExp, 'ecommerce' | 'blog' | 'saas' | 'social'][] = [
  [/\b(online[- ]?(shop|store)|e-?commerce|web ?shop|webstore|internet shop|shopify)\b/, 'ecommerce'],
  [
    /\b(a|my|the|for|our)\s+blog\b(?!\s*(posts?|articles?|entries|comments?))|^blog\b(?!\s*(posts?|articles?|entries))|\bblogging platform\b/,
    'blog',
  ],
  [/\bsaas\b|\bb2b (software|app)\b/, 'saas'],
  [/\bsocial (network|media|app|platform)\b/, 'social'],
];

/** Entities that are events: the same two parents may meet many times (no unique pair). */
export const EVENT_ENTITIES = new Set([
  'appointment',
  'visit',
  'trip',
  'booking',
  'loan',
  'message',
  'transaction',
  'order',
  'ticket',
  'prescription',
  'score',
  'match',
  'rental',
  'payment',
  'session',
  'review',
  'comment',
  'call',
  'shipment',
  'delivery',
  'purchase',
  'invoice',
  'reservation',
  'game',
  'ride',
  'flight',
  'task',
  'event',
  'log',
  'reading',
  'view',
  'click',
  'like',
  'vote',
  'rating',
  'play',
  'stream',
  'workout',
]);

/** Relation nouns between one entity and itself (users follow users). */
export const SELF_JUNCTIONS: Record<string, [string, string]> = {
  follow: ['follower_id', 'followee_id'],
  follower: ['follower_id', 'followee_id'],
  friendship: ['user_id', 'friend_id'],
  friend: ['user_id', 'friend_id'],
  connection: ['from_id', 'to_id'],
  block: ['blocker_id', 'blocked_id'],
  route: ['origin_id', 'destination_id'],
  flight: ['origin_id', 'destination_id'],
  transfer: ['from_id', 'to_id'],
  match: ['home_id', 'away_id'],
};

/**
 * Words in -s that are no plurals (pluralize would singularize some: logistics → logistic), short
 * names in capitals that are no plurals of a shorter word ("SMS", "GPS", "iOS").
 */
export const NOT_PLURAL =
  /^(news|series|species|means|physics|mathematics|economics|politics|ethics|logistics|analytics|athletics|gymnastics|diabetes|measles|billiards|lens|gas|bus|canvas|atlas|alias|bias|chaos|yes|this|its|has|was|does|is|as|us|sms|gps|ios|dns|aws|saas|paas|iaas|kudos|ours|theirs)$/;

/**
 * Nouns a table is named by as they are, not in the plural (pluralize would pluralize most):
 * "inventory rows" is an `inventory` table, "mileage rows" a `mileage`, "watch history" a
 * `watch_history`.
 */
export const UNCOUNTABLE = new Set([
  'inventory',
  'downtime',
  'feedback',
  'livestock',
  'mileage',
  'history',
  'attendance',
  'usage',
  'payroll',
  'merchandise',
  'luggage',
  'baggage',
  'furniture',
  'weather',
  'ledger',
]);

/** Pronouns and verbs pluralize takes for plurals. */
export const FUNCTION_WORDS = /^(those|these|they|them|we|are|were|have|our)$/;

/**
 * Words after a participle and its preposition, or for one row, that name no table ("sold in
 * batches", "paid by month", "each time").
 */
export const HUNG_NOT_TABLES =
  /^(day|week|month|year|hour|minute|second|time|night|quarter|row|record|entry|batch|bulk|group|set|total|range|place|way|part|unit|case|stage|step|turn|advance|full|person)$/;

/** Words for a kind of table that links two others, no table's name. */
export const LINK_KINDS =
  /^(pivot|join|joint|junction|link|linking|mapping|bridge|association|cross|xref|lookup|intermediate|through)$/;

/** Verbs by which rows make or own other rows: a plural they name belongs to the doer. */
export const CREATES =
  /^(?:place|places|placed|own|owns|write|writes|wrote|create|creates|make|makes|post|posts|send|sends|submit|submits|file|files|open|opens|raise|raises|have|has|hold|holds|run|runs|manage|manages|publish|publishes|upload|uploads|book|books|order|orders|issue|issues|author|authors|log|logs|record|records|earn|earns|receive|receives|generate|generates)$/;

/** The months' names and their short forms, as a pattern's source ("jan", "sept", "december"). */
export const MONTH_WORDS = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;

/** "via assignments", "through a memberships table": the link table a many-to-many names, as a pattern's source (its name the group). */
export const VIA_LINK = String.raw`(?:via|through|using)\s+(?:an?\s+|the\s+)?([a-z][a-z_]*)`;

/** Participles of arranging rows ("sorted by date", "grouped by month"): their "by" names an order or a grouping, no agent. */
const ARRANGING =
  'sorted|grouped|filtered|partitioned|aggregated|bucketed|paginated|segmented|deduplicated|clustered';
export const ARRANGED = new RegExp(`^(?:${ARRANGING})$`);
/** "sorted by date", "grouped by region and month": how rows are arranged, no column of them. */
export const ARRANGED_BY = new RegExp(
  String.raw`\b(?:${ARRANGING})\s+by\s+[a-z_]+(?:\s+(?:and|then)\s+[a-z_]+)?`,
  'g',
);

/** Tables of staff, whose managers are staff of the same table ("each employee has a manager"). */
export const STAFF =
  /(?:^|_)(?:employee|staff|staffer|worker|engineer|developer|agent|nurse|clerk|associate|consultant|rep|representative|salesperson|analyst|officer|technician|courier|cashier|teller|accountant|designer|team_member|crew_member)$/;
