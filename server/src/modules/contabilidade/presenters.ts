import type {
  ContaContabil,
  ContabilidadeConfig,
  ContasImovel,
  ContasMapeamento,
  LancamentoContabil,
  PapelConta,
} from '@tombo/shared';
import type { contabilidadeConfig, contasContabeis, contasImoveis } from '../../db/schema';

type ContaRow = typeof contasContabeis.$inferSelect;
type ConfigRow = typeof contabilidadeConfig.$inferSelect;
type ContasImovelRow = typeof contasImoveis.$inferSelect;

/** Row → API account of the chart. */
export const presentConta = (r: ContaRow): ContaContabil => ({
  id: r.id,
  codigo: r.code,
  nome: r.name,
  papel: r.role as PapelConta,
  version: r.version,
});

/** The four mapping columns of a type, property tenure or the settings' defaults → API `contas`. */
export const presentMapeamento = (r: {
  grossContaId: number | null;
  accumulatedContaId: number | null;
  impairmentContaId: number | null;
  expenseContaId: number | null;
}): ContasMapeamento => ({
  ativo: r.grossContaId,
  depreciacaoAcumulada: r.accumulatedContaId,
  reducaoValorRecuperavel: r.impairmentContaId,
  vpdDepreciacao: r.expenseContaId,
});

/** API `contas` → the four mapping columns. */
export const mapeamentoColumns = (c: ContasMapeamento) => ({
  grossContaId: c.ativo,
  accumulatedContaId: c.depreciacaoAcumulada,
  impairmentContaId: c.reducaoValorRecuperavel,
  expenseContaId: c.vpdDepreciacao,
});

/** Row → API settings. */
export const presentConfig = (r: ConfigRow): ContabilidadeConfig => ({
  prazoDia: r.deadlineDay,
  incorporacaoCompra: r.purchasePosting as ContabilidadeConfig['incorporacaoCompra'],
  contaTransitoriaId: r.transitContaId,
  inicio: r.startDate,
  version: r.version,
});

/** Row → API accounts of a property tenure. */
export const presentContasImovel = (r: ContasImovelRow): ContasImovel => ({
  situacao: r.tenure,
  contas: presentMapeamento(r),
  version: r.version,
});

/** Integer cents → the API's decimal string ("1234.50"). */
export function decimalOfCents(c: bigint | string | number): string {
  const v = BigInt(c);
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** The CSV layout's version (docs/api.md, "Contabilidade"): its first column on every row. */
export const LAYOUT_CSV = 'tombo-lancamentos-v1';
const CSV_HEADER = [
  'layout',
  'id',
  'data',
  'fato',
  'historico',
  'estorno_de',
  'estornado_por',
  'patrimonio_id',
  'numero',
  'processo',
  'nota_fiscal',
  'empenho',
  'conta_codigo',
  'conta_nome',
  'debito',
  'credito',
  'conta_corrente',
];

/** "1234.50" → "1234,50" (pt-BR decimal comma, no thousands separator). */
const virgula = (v: string) => v.replace('.', ',');
/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
const diaBR = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * A page of entries as the pt-BR CSV (`;`, decimal commas, dd/MM/yyyy, UTF-8 with BOM): one row per partida,
 * an entry without partidas (a purchase the accounting system posts) as one row with empty account columns.
 */
export function lancamentosCsv(lancamentos: LancamentoContabil[], field: (v: string | number) => string): string {
  const linhas = [CSV_HEADER.join(';')];
  // An entry's columns and an account's are formatted once (an entry of the close has one line per asset).
  const contas = new Map<number, string>();
  for (const l of lancamentos) {
    const d = l.documento;
    const head = [
      LAYOUT_CSV,
      l.id,
      diaBR(l.data),
      l.fato,
      l.historico,
      l.estornoDe ?? '',
      l.estornadoPor ?? '',
      d.patrimonioId ?? '',
      d.numero ?? '',
      d.processo ?? '',
      d.notaFiscal ?? '',
      d.empenho ?? '',
    ]
      .map(field)
      .join(';');
    if (!l.partidas.length) linhas.push(`${head};;;;;`);
    for (const p of l.partidas) {
      let conta = contas.get(p.conta.id);
      if (conta === undefined) contas.set(p.conta.id, (conta = `${field(p.conta.codigo)};${field(p.conta.nome)}`));
      linhas.push(
        `${head};${conta};${field(virgula(p.debito))};${field(virgula(p.credito))};${field(p.contaCorrente ?? '')}`,
      );
    }
  }
  return `\uFEFF${linhas.join('\r\n')}\r\n`;
}
