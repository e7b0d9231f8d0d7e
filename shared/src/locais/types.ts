/** A location (local) as the API returns it. */
export interface Local {
  id: number;
  name: string;
  sectorId: number;
  sectorName: string;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface LocalList {
  locais: Local[];
  total: number;
}
