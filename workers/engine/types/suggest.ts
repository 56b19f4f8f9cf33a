/** "Did you mean": the closest type id to an unknown one, via common aliases, then edit distance. */

const ALIASES: Readonly<Record<string, string>> = {
  firstname: 'first_name',
  fname: 'first_name',
  given_name: 'first_name',
  forename: 'first_name',
  lastname: 'last_name',
  lname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  name: 'full_name',
  fullname: 'full_name',
  person_name: 'full_name',
  mail: 'email',
  e_mail: 'email',
  email_address: 'email',
  phone_number: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  telephone: 'phone',
  tel: 'phone',
  cell: 'phone',
  int: 'integer',
  int32: 'integer',
  int64: 'integer',
  bigint: 'integer',
  smallint: 'integer',
  long: 'integer',
  serial: 'id',
  autoincrement: 'id',
  auto_increment: 'id',
  bool: 'boolean',
  flag: 'boolean',
  double: 'float',
  real: 'float',
  numeric: 'decimal',
  money: 'price',
  cost: 'price',
  datetime_tz: 'datetime',
  timestamptz: 'datetime',
  timestamp_tz: 'datetime',
  created_at: 'datetime',
  updated_at: 'datetime',
  varchar: 'text',
  string: 'text',
  char: 'text',
  str: 'text',
  description: 'paragraph',
  comment: 'blog_comment',
  guid: 'uuid',
  uid: 'uuid',
  zipcode: 'postal_code',
  postcode: 'postal_code',
  ip: 'ip_address',
  website: 'url',
  link: 'url',
  company: 'company_name',
  organization: 'company_name',
  country_name: 'country',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  dob: 'date_of_birth',
  birthday: 'date_of_birth',
  birthdate: 'date_of_birth',
  status: 'enum',
  choice: 'enum',
  foreign_key: 'ref',
  reference: 'ref',
  fk: 'ref',
  image: 'image_url',
  picture: 'image_url',
  photo: 'image_url',
  color: 'color_hex',
  colour: 'color_hex',
  address1: 'street_address',
  street: 'street_address',
  province: 'state_province',
  region: 'state_province',
  job: 'job_title',
  sex: 'gender',
  currency_code: 'currency',
  ssn_number: 'ssn',
  password: 'password_hash',
  token: 'jwt_token',
  vector: 'embedding_vector',
  object: 'json',
  list: 'array',
  null: 'nullable',
  number_range: 'integer',
};

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions: emial → email is 1). */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

function normalize(text: string): string {
  return text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s.-]+/g, '_');
}

/** The id closest to `unknown` among `ids`, or undefined when nothing is reasonably close. */
export function suggestFrom(unknown: string, ids: readonly string[]): string | undefined {
  const wanted = normalize(unknown);
  const known = new Set(ids);
  if (known.has(wanted) && wanted !== unknown) return wanted;
  const alias = ALIASES[wanted] ?? ALIASES[wanted.replace(/_/g, '')];
  if (alias && known.has(alias)) return alias;
  return closest(wanted, ids);
}

/**
 * The name among `names` closest to `wanted` by edit distance, if within a third of its length (at
 * least 2) and sharing a character with it: a one-letter `x` suggests nothing.
 */
export function closest(wanted: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const id of names) {
    const d = distance(wanted, id);
    if (d < bestDistance) {
      best = id;
      bestDistance = d;
    }
  }
  const near = bestDistance <= Math.max(2, Math.floor(wanted.length / 3)) && bestDistance < wanted.length;
  return near ? best : undefined;
}
