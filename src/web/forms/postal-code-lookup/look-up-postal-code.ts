import { getJson } from '../../shared/api/api-client';

/** A place as GET /api/geo/postal-codes/:code answers. */
export interface Place {
  postalCode: string;
  city: string;
  stateProvince: string;
  country: 'US' | 'CA';
}

/** GET /api/geo/postal-codes/:code (US zip, or a Canadian code looked up by its first three characters). */
export function lookUpPostalCode(code: string): Promise<Place> {
  return getJson<Place>(`/api/geo/postal-codes/${encodeURIComponent(code)}`);
}
