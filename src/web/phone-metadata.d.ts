// The virtual modules of scripts/phone-metadata.ts (decision 011, fourth pass).

declare module 'virtual:phone-countries' {
  /** Spec §5, §9: the country the phone input starts in ('GH'). */
  export const DEFAULT_COUNTRY: string;
  /** '1US AG AI…|7RU KZ|…': each calling code and its countries (ISO 3166), main one first. */
  export const COUNTRIES: string;
  /** '800 808 …': calling codes without a country (may be pasted, never picked). */
  export const NON_GEOGRAPHIC: string;
}

declare module 'virtual:phone-metadata' {
  import type { MetadataJson } from 'libphonenumber-js/core/es6';
  /** libphonenumber-js's 'min' metadata for the default country's calling code. */
  export const DEFAULT_METADATA: MetadataJson;
}

declare module 'virtual:phone-groups' {
  import type { MetadataJson } from 'libphonenumber-js/core/es6';
  /** The metadata of the group that holds this calling code (undefined for the default's). */
  export function loadPhoneMetadata(callingCode: string): Promise<MetadataJson | undefined>;
}
