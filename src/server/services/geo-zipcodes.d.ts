// The `zipcodes` package ships no types; only what geo-lookup.ts uses is declared.
declare module 'zipcodes' {
  interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookup(code: string | number): ZipCodeEntry | undefined; codes: Record<string, ZipCodeEntry> };
  export default zipcodes;
}
