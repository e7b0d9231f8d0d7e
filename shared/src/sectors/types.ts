/** A sector as the API returns it. */
export interface Sector {
  id: number;
  name: string;
  code: string;
  municipalityId: number;
  locaisCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface SectorList {
  sectors: Sector[];
  total: number;
}
