/** Query keys of the depreciation screen: an asset's figures on a date, its value events, the asset picker. */
export const depreciacaoKeys = {
  all: ['depreciacao'] as const,
  patrimonio: (id: number, data: string) => ['depreciacao', 'patrimonio', id, data] as const,
  eventos: (id: number) => ['depreciacao', 'eventos', id] as const,
  bens: (q: string) => ['depreciacao', 'bens', q] as const,
  fechamentos: ['depreciacao', 'fechamentos'] as const,
  config: ['depreciacao', 'config'] as const,
  resumo: (data: string | null) => ['depreciacao', 'resumo', data ?? ''] as const,
};
