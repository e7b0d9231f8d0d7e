import { foldHeader as fold } from '../../spreadsheet/import';

/** Other systems' words for a status (GEAFIN: ATIVO, DOADO, DESCARREGADO, BAIXADO…). */
export function guessStatus(v: string) {
  const f = fold(v);
  if (/^(ativo|em uso|normal|incorporado|regular)/.test(f)) return 'ativo';
  if (/(doad|doacao)/.test(f)) return 'doado';
  if (/(baix|descarreg|alienad|leiload|inserviv)/.test(f)) return 'baixado';
  if (/(extravi|desaparec|furt|roubad|perdid)/.test(f)) return 'extraviado';
  if (/(manuten|conserto|reparo)/.test(f)) return 'em_manutencao';
  if (/(ocios|dispon|deposito|estoque)/.test(f)) return 'ocioso';
  return null;
}

/** Other systems' words for a conservation state (ÓTIMO, BOM, REGULAR, PÉSSIMO, N/A…). */
export function guessEstado(v: string) {
  const f = fold(v);
  if (/^(novo|otimo|excelente)/.test(f)) return 'novo';
  if (/^bom/.test(f)) return 'bom';
  if (/^(regular|razoavel)/.test(f)) return 'regular';
  if (/^(ruim|pessimo|precario|danificad)/.test(f)) return 'ruim';
  if (/(inserviv|irrecuperavel|sucata)/.test(f)) return 'inservivel';
  return null;
}
