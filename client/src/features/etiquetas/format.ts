/** Millimetres the pt-BR way ('66,7'). */
export const fmtMm = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
