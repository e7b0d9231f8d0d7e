/** Query keys of the record-sheet templates. */
export const fichaKeys = {
  all: ['ficha-templates'] as const,
  list: ['ficha-templates', 'list'] as const,
  detail: (id: number) => ['ficha-templates', 'detail', id] as const,
  preview: ['ficha-templates', 'preview-asset'] as const,
};
