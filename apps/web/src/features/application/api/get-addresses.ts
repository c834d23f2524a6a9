import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

export interface Place {
  code: string;
  name: string;
}
interface ProvincesResponse {
  edition: string;
  provinces: (Place & { region: string })[];
}

/** PSGC reference data: public, the same for everyone and cached by the server for a day. */
const DAY = 24 * 60 * 60 * 1000;

/** GET /api/addresses/provinces: provinces and independent cities. */
export function fetchProvinces(signal?: AbortSignal): Promise<ProvincesResponse> {
  return api.request('/api/addresses/provinces', { signal });
}
/** GET /api/addresses/provinces/:code/cities */
export function fetchCities(provinceCode: string, signal?: AbortSignal): Promise<{ cities: Place[] }> {
  return api.request(`/api/addresses/provinces/${provinceCode}/cities`, {
    signal,
  });
}
/** GET /api/addresses/cities/:code/barangays */
export function fetchBarangays(cityCode: string, signal?: AbortSignal): Promise<{ barangays: Place[] }> {
  return api.request(`/api/addresses/cities/${cityCode}/barangays`, {
    signal,
  });
}

export const provincesQuery = () =>
  queryOptions({
    queryKey: ['addresses', 'provinces'],
    queryFn: ({ signal }) => fetchProvinces(signal),
    staleTime: DAY,
    gcTime: DAY,
  });
export const citiesQuery = (provinceCode: string) =>
  queryOptions({
    queryKey: ['addresses', 'cities', provinceCode],
    queryFn: ({ signal }) => fetchCities(provinceCode, signal),
    staleTime: DAY,
    gcTime: DAY,
  });
export const barangaysQuery = (cityCode: string) =>
  queryOptions({
    queryKey: ['addresses', 'barangays', cityCode],
    queryFn: ({ signal }) => fetchBarangays(cityCode, signal),
    staleTime: DAY,
    gcTime: DAY,
  });

export function useProvinces() {
  return useQuery(provincesQuery());
}
export function useCities(provinceCode: string) {
  return useQuery({ ...citiesQuery(provinceCode), enabled: /^\d{10}$/.test(provinceCode) });
}
export function useBarangays(cityCode: string) {
  return useQuery({ ...barangaysQuery(cityCode), enabled: /^\d{10}$/.test(cityCode) });
}
