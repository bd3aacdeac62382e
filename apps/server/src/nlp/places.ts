// Where a post comes from: the post's own place (a geotag's name, a country the network gives)
// or else its author's profile location ('Cape Town, South Africa', 'Joburg 🇿🇦', 'ZA'), resolved
// offline against the gazetteer that ships with the city-timezones package (about 7,300 cities
// with their coordinates and countries) and the ISO country names of i18n-iso-countries. Nothing
// is fetched at run time. Text that names no known place resolves to null, never to a guess.
import cityMap from 'city-timezones/data/cityMap.json' with { type: 'json' };
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

export interface Place {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The city or town, when the text names one; null when it names only a country. */
  place: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface LocatedPost {
  /** The post's own place name (a geotag), when the network gives one. */
  location?: string | null;
  /** The post's country as the network gives it (a code or a name). */
  country?: string | null;
  author?: { location?: string | null } | null;
}

interface City {
  name: string;
  countryCode: string;
  lat: number;
  lng: number;
  pop: number;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// The most populous city of each name: 'London' is the one in England unless a country is named.
const cities = new Map<string, City[]>();
for (const c of cityMap as { city: string; city_ascii: string; lat: number; lng: number; pop: number; iso2: string }[]) {
  const city: City = { name: c.city, countryCode: c.iso2, lat: c.lat, lng: c.lng, pop: c.pop };
  for (const key of new Set([fold(c.city), fold(c.city_ascii)])) {
    if (!key) continue;
    const list = cities.get(key) ?? [];
    list.push(city);
    cities.set(key, list);
  }
}
for (const list of cities.values()) list.sort((a, b) => b.pop - a.pop);

/** Names people write for South African places the gazetteer lists under another name, or not at all. */
const CITY_ALIASES: Record<string, string> = {
  joburg: 'johannesburg',
  jozi: 'johannesburg',
  jhb: 'johannesburg',
  egoli: 'johannesburg',
  soweto: 'johannesburg',
  sandton: 'johannesburg',
  randburg: 'johannesburg',
  midrand: 'johannesburg',
  cpt: 'cape town',
  kaapstad: 'cape town',
  stellenbosch: 'cape town',
  dbn: 'durban',
  umhlanga: 'durban',
  pta: 'pretoria',
  tshwane: 'pretoria',
  centurion: 'pretoria',
  menlyn: 'pretoria',
  gqeberha: 'port elizabeth',
  nyc: 'new york',
};

/** Country names and codes people write, beyond the ISO names. */
const COUNTRY_ALIASES: Record<string, string> = {
  sa: 'ZA',
  rsa: 'ZA',
  mzansi: 'ZA',
  'south africa': 'ZA',
  'suid afrika': 'ZA',
  usa: 'US',
  us: 'US',
  america: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  uae: 'AE',
};

const countryByName = new Map<string, string>();
for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
  for (const n of names) countryByName.set(fold(n), code);
  countryByName.set(code.toLowerCase(), code);
}
for (const [k, v] of Object.entries(COUNTRY_ALIASES)) countryByName.set(k, v);

/** A flag emoji (two regional indicator letters) as its country code. */
function flagCountry(text: string): string | null {
  const m = /([\u{1F1E6}-\u{1F1FF}])([\u{1F1E6}-\u{1F1FF}])/u.exec(text);
  if (!m) return null;
  const letter = (c: string) => String.fromCharCode(c.codePointAt(0)! - 0x1f1e6 + 65);
  const code = letter(m[1]) + letter(m[2]);
  return countries.isValid(code) ? code : null;
}

function cityOf(part: string, countryCode: string | null): City | null {
  const key = CITY_ALIASES[part] ?? part;
  const list = cities.get(key);
  if (!list) return null;
  return (countryCode ? list.find((c) => c.countryCode === countryCode) : list[0]) ?? null;
}

/** The place a free-text location names, or null. */
export function resolvePlace(text: string | null | undefined): Place | null {
  if (!text) return null;
  const raw = text.slice(0, 200);
  const parts = raw
    .split(/[,/|·•;()\n]| - /)
    .map(fold)
    .filter(Boolean);
  const whole = fold(raw);
  if (whole && !parts.includes(whole)) parts.unshift(whole);
  // A two-letter code counts as a country only on its own ('ZA', 'Durban, ZA'), not inside words.
  let countryCode = flagCountry(raw);
  for (const p of parts) if (!countryCode && countryByName.has(p)) countryCode = countryByName.get(p)!;
  for (const p of parts) {
    if (countryByName.has(p) && !CITY_ALIASES[p] && !cities.has(p)) continue;
    const city = cityOf(p, countryCode);
    if (city) return { countryCode: city.countryCode, place: city.name, latitude: city.lat, longitude: city.lng };
  }
  return countryCode ? { countryCode, place: null, latitude: null, longitude: null } : null;
}

/**
 * Where a post comes from: the first of its own location, its country and its author's profile
 * location that names a city wins; otherwise the first that names a country.
 */
export function locatePost(p: LocatedPost): Place | null {
  let countryOnly: Place | null = null;
  for (const text of [p.location, p.country, p.author?.location]) {
    const place = resolvePlace(text);
    if (place?.place) return countryOnly && countryOnly.countryCode !== place.countryCode ? countryOnly : place;
    countryOnly ??= place;
  }
  return countryOnly;
}

/** ISO 3166-1 numeric code of an alpha-2 code ('ZA' → '710'), as the world map's shapes are keyed. */
export const isoNumeric = (countryCode: string): string => countries.alpha2ToNumeric(countryCode) ?? '';
/** English name of a country code. */
export const countryName = (countryCode: string): string => countries.getName(countryCode, 'en', { select: 'official' }) ?? countryCode;
