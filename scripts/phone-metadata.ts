// The phone input's data, cut from the installed libphonenumber-js at build time (decision 011,
// fourth pass): the countries and their calling codes for the picker, the default country's
// metadata with the phone engine, and every other calling code's metadata in small groups that
// load when a member picks (or pastes) a number of theirs. Nothing here is typed by hand, so a
// library update changes the app with the next build.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The parts of libphonenumber-js's metadata JSON this file reads (format version 4). */
export interface PhoneMetadataJson {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/** Spec §5, §9: the phone input starts in Ghana. */
export const PHONE_DEFAULT_COUNTRY = 'GH';

/**
 * A group is cut once it would pass this many bytes of brotli: about the size of the largest
 * single calling code's metadata (+44, four countries), so that no group costs more than the
 * heaviest one that cannot be split, and there are a dozen or so files instead of 200.
 */
export const GROUP_MAX_BYTES = 1350;

export function readPhoneMetadata(): PhoneMetadataJson {
  const require = createRequire(import.meta.url);
  const file = require.resolve('libphonenumber-js/metadata.min.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PhoneMetadataJson;
}

/** Every calling code: the countries' and the non-geographic ones (+800…), which the library reads too. */
export const allCallingCodes = (metadata: PhoneMetadataJson): string[] => [
  ...new Set([
    ...Object.keys(metadata.country_calling_codes),
    ...Object.keys(metadata.nonGeographic ?? {}),
  ]),
];

/** The metadata of these calling codes alone: every country that shares one of them. */
export function subMetadata(
  metadata: PhoneMetadataJson,
  callingCodes: string[],
): PhoneMetadataJson {
  const sub: PhoneMetadataJson = {
    version: metadata.version,
    country_calling_codes: {},
    countries: {},
  };
  for (const code of callingCodes) {
    const countries = metadata.country_calling_codes[code];
    const nonGeographic = metadata.nonGeographic?.[code];
    if (!countries && !nonGeographic) throw new Error(`No calling code +${code} in the metadata.`);
    if (countries) {
      sub.country_calling_codes[code] = countries;
      for (const country of countries) {
        if (metadata.countries[country]) sub.countries[country] = metadata.countries[country];
      }
    }
    if (nonGeographic) (sub.nonGeographic ??= {})[code] = nonGeographic;
  }
  return sub;
}

const moduleSource = (metadata: PhoneMetadataJson) =>
  `export default ${JSON.stringify(metadata)};\n`;
const brotliBytes = (text: string) =>
  zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Every calling code but the default country's, in groups of neighbours (sorted as text, so a
 * group holds one zone's codes: 30–39 Europe, 22x–26x Africa…), each cut before it passes
 * `maxBytes` of brotli.
 */
export function groupCallingCodes(
  metadata: PhoneMetadataJson,
  defaultCallingCode: string,
  maxBytes = GROUP_MAX_BYTES,
): string[][] {
  const codes = allCallingCodes(metadata)
    .filter((code) => code !== defaultCallingCode)
    .sort();
  const groups: string[][] = [];
  let group: string[] = [];
  for (const code of codes) {
    const bigger = [...group, code];
    if (group.length > 0 && brotliBytes(moduleSource(subMetadata(metadata, bigger))) > maxBytes) {
      groups.push(group);
      group = [code];
    } else group = bigger;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The country of a calling code that libphonenumber-js takes first (the "main" one). */
export function callingCodeOfCountry(metadata: PhoneMetadataJson, country: string): string {
  for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
    if (countries.includes(country)) return code;
  }
  throw new Error(`No country ${country} in the phone metadata.`);
}

/**
 * '1US AG AI…|7RU KZ|20EG|…': every calling code with its countries (ISO 3166), the main one
 * first; then the non-geographic calling codes ('800 808 …'), which have no country to pick
 * but may be pasted.
 */
export function countryList(metadata: PhoneMetadataJson) {
  const countries = Object.entries(metadata.country_calling_codes)
    .map(([code, list]) => `${code}${list.join(' ')}`)
    .join('|');
  const nonGeographic = Object.keys(metadata.nonGeographic ?? {})
    .filter((code) => !metadata.country_calling_codes[code])
    .join(' ');
  return { countries, nonGeographic };
}

export const PHONE_COUNTRIES_ID = 'virtual:phone-countries';
export const PHONE_METADATA_ID = 'virtual:phone-metadata';
export const PHONE_GROUPS_ID = 'virtual:phone-groups';
const GROUP_PREFIX = `${PHONE_METADATA_ID}/group-`;

/**
 * Four kinds of virtual modules:
 * - `virtual:phone-countries`: the picker's list (≈ 0.7 kB), loaded with the phone input;
 * - `virtual:phone-groups`: `loadPhoneMetadata(code)`, a switch of `import()`s, loaded with the
 *   phone input too, so that a saved or pasted number's group loads beside the engine, not
 *   after it;
 * - `virtual:phone-metadata`: the default country's metadata, loaded with the phone engine;
 * - `virtual:phone-metadata/group-N`: one group of calling codes' metadata.
 */
export function phoneMetadata(defaultCountry = PHONE_DEFAULT_COUNTRY): Plugin {
  let data: { metadata: PhoneMetadataJson; defaultCode: string; groups: string[][] } | undefined;
  const load = () => {
    if (!data) {
      const metadata = readPhoneMetadata();
      const defaultCode = callingCodeOfCountry(metadata, defaultCountry);
      data = { metadata, defaultCode, groups: groupCallingCodes(metadata, defaultCode) };
    }
    return data;
  };

  return {
    name: 'flock-phone-metadata',
    enforce: 'pre',
    resolveId(id) {
      if (
        id === PHONE_COUNTRIES_ID ||
        id === PHONE_GROUPS_ID ||
        id === PHONE_METADATA_ID ||
        id.startsWith(GROUP_PREFIX)
      ) {
        return `\0${id}`;
      }
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:phone-')) return null;
      const { metadata, defaultCode, groups } = load();
      const name = id.slice(1);
      if (name === PHONE_COUNTRIES_ID) {
        const { countries, nonGeographic } = countryList(metadata);
        return [
          `export const DEFAULT_COUNTRY = ${JSON.stringify(defaultCountry)};`,
          `export const COUNTRIES = ${JSON.stringify(countries)};`,
          `export const NON_GEOGRAPHIC = ${JSON.stringify(nonGeographic)};`,
        ].join('\n');
      }
      if (name === PHONE_METADATA_ID) {
        return `export const DEFAULT_METADATA = ${JSON.stringify(subMetadata(metadata, [defaultCode]))};`;
      }
      if (name === PHONE_GROUPS_ID) {
        // The groups are runs of calling codes sorted as text: a code is in the last group
        // whose first code is not after it.
        const cases = groups
          .map(
            (_, index) =>
              `case ${index}: return import(${JSON.stringify(`${GROUP_PREFIX}${index}`)}).then((m) => m.default);`,
          )
          .join('\n    ');
        return [
          `const FIRST = ${JSON.stringify(groups.map((codes) => codes[0]).join(' '))}.split(' ');`,
          `const LAST = ${JSON.stringify(groups.at(-1)?.at(-1) ?? '')};`,
          `export function loadPhoneMetadata(callingCode) {`,
          `  const group = callingCode === ${JSON.stringify(defaultCode)} || callingCode > LAST ? -1 : FIRST.findLastIndex((first) => first <= callingCode);`,
          `  switch (group) {`,
          `    ${cases}`,
          `    default: return Promise.resolve(undefined);`,
          `  }`,
          `}`,
        ].join('\n');
      }
      if (name.startsWith(GROUP_PREFIX)) {
        const codes = groups[Number(name.slice(GROUP_PREFIX.length))];
        if (!codes) return null;
        return moduleSource(subMetadata(metadata, codes));
      }
      return null;
    },
  };
}
