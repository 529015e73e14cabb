import type { MetadataJson } from 'libphonenumber-js/core';

/**
 * libphonenumber-js's 'min' metadata for Ghana alone: all a mobile-money number needs, since
 * `toMomoPhone` refuses any other country (decision 011). momo-phone.test.ts checks it
 * against the library's own copy, so a library update that changes Ghana's rules fails there
 * until this is copied again from `libphonenumber-js/metadata.min.json`.
 */
export const GHANA_PHONE_METADATA = {
  version: 4,
  country_calling_codes: {
    '233': ['GH'],
  },
  countries: {
    GH: [
      '233',
      '00',
      '[235]\\d{8}|800\\d{5,6}',
      [8, 9],
      [
        ['(\\d{3})(\\d{5})', '$1 $2', ['8'], '0$1'],
        ['(\\d{2})(\\d{3})(\\d{4})', '$1 $2 $3', ['[2358]'], '0$1'],
      ],
      '0',
    ],
  },
} as unknown as MetadataJson;
