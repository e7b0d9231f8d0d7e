/** Query keys of places (locais); a list is cached per sector filter. */
export const locaisKeys = {
  all: ['locais'] as const,
  list: (filter: { sectorId?: number } = {}) => ['locais', filter] as const,
};
