/** Query keys of the custody terms; a list is cached per sector filter. */
export const termoKeys = {
  all: ['termos'] as const,
  list: (setorId?: number) => ['termos', { setorId: setorId ?? null }] as const,
};
