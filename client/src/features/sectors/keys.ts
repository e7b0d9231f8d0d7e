/** Query keys of sectors (the whole list is one query). */
export const sectorKeys = {
  list: ['sectors'] as const,
};
