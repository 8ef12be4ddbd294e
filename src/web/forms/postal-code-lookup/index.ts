/** Zip/postal-code lookup for any form whose ui schema marks a field `ui:options.lookup = "postalCode"`. */
export { usePostalCodeLookup } from './use-postal-code-lookup';
export { findPostalCodeLookups, toLookupCode, type PostalCodeLookup } from './postal-code';
