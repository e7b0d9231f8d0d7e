/**
 * The naming rule of docs/glossary.md for the database: tables and columns are English snake_case, and a
 * Portuguese word appears only as a spec noun the glossary lists. `server/src/db/naming.test.ts` runs it over
 * every Drizzle table; names that break it today wait in the pending lists below, which the naming pass
 * (migrations) shrinks to nothing.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

const words = (text: string) => text.trim().split(/\s+/);

/**
 * English words the database's names use. A new English word is added here (in order); a Portuguese one is
 * refused unless it is a noun of `NOUNS`.
 */
export const ENGLISH = new Set(
  words(`
    accumulated acquisition act action active actual agent amount analysis approver area assignee at attempts audit
    auth automatic avatar backup backups book borrower by cancel challenges change city claimed client closed closings
    code codes columns comments completed components concluded condition config configs contact cost count created
    credit custom customizations cutover dashboard date day days deadline debit decided dedupe default depreciable
    description destination details distinct district divergent document documents due elements email enabled enc
    encoding entity entries error errors estimated events expense expires export fact factor failed family fields file
    files filters finalized finished form format found frequency from gross has hash header headers height history
    holder hour id impairment imports in installation invitation ip is item items job jobs keep key kind label land
    last latitude layout layouts life limit lines link location lockout login logs longitude members mime months
    movements municipalities municipality must name next note notes notifications notified notify number numbering
    options origin overdue owner password path patterns payload pct pending permissions photo policies position
    posting president preview progress public purchase qr quantity read reading readings reason reasons received
    recipient recovery recurrence refresh remaining reminder removed report requested requester required reset
    residual result return returned reverses revoked role rollback rollbacks rounding rule run scanned schedule schema
    scope search secret sector sectors security sent separator seq sequences service settings sha256 show signatures
    size slug soon specific start started status step stored summary system template templates tenure text title to
    token tokens total transit two type until updated upgrade upgrades uploaded url usage used useful user users valid
    value values version versions width year
  `),
);

/** Brazilian registry codes with no English name (glossary: "Identifiers"). */
export const IDENTIFIERS = new Set(words('cep cnpj ibge uf'));

/**
 * Spec nouns allowed inside any table or column name, singular and plural, as `_`-joined phrases
 * (glossary: "Domain nouns").
 */
export const NOUNS = new Set(
  words(`
    comissao comissoes competencia conta conta_corrente contabilidade contas contas_contabeis depreciacao emprestimo
    emprestimos etiqueta etiquetas ficha fichas forma_aquisicao formas_aquisicao imoveis imovel inventario
    inventarios lancamento lancamentos locais local manutencao manutencoes partida partidas patrimonio patrimonios
    relatorio relatorios termo termos tipo_bem tipos_bens transferencia transferencias
  `),
);

/**
 * Register fields the spec names in snake_case (§3, §9), and the standard fields of Brazilian public registers
 * (issue 35: GEAFIN, e-Cidade), whose API names they mirror: allowed as whole column names, on any table.
 */
export const SPEC_COLUMNS = new Set(
  words(`
    area_construida denominacao descricao_bem doado endereco numero_patrimonio transferencia_pendente valor_aquisicao
    marca modelo numero_serie fornecedor_nome fornecedor_cnpj nota_fiscal_numero nota_fiscal_data empenho
    processo_aquisicao fonte_recurso data_baixa dados_origem
  `),
);

/** English words a table name must not use: the domain thing has its Portuguese noun (glossary). */
export const TABLE_SYNONYMS: Readonly<Record<string, string>> = {
  asset: 'patrimonio',
  depreciation: 'depreciacao',
  inventory: 'inventario',
  label: 'etiqueta',
  loan: 'emprestimo',
  maintenance: 'manutencao',
  property: 'imovel',
  report: 'relatorio',
  transfer: 'transferencia',
};

/** Tables to rename: current → glossary name (docs/glossary.md, "Pending renames"). */
export const PENDING_TABLES: Readonly<Record<string, string>> = {
  asset_form_fields: 'patrimonio_fields',
  asset_versions: 'patrimonio_versions',
  depreciacao_eventos: 'depreciacao_events',
  imovel_arquivos: 'imovel_files',
  imovel_historico: 'imovel_history',
  imovel_report_templates: 'imovel_relatorio_templates',
  importacoes: 'imports',
  patrimonio_arquivos: 'patrimonio_files',
  patrimonio_historico: 'patrimonio_history',
};

const renames = (pairs: string): Record<string, string> =>
  Object.fromEntries(words(pairs).map((pair) => pair.split('>') as [string, string]));

/**
 * Columns to rename, by current table name: `current>glossary` pairs (docs/glossary.md, "Pending renames").
 * A rename listed here for a table that is also renamed still names the table as it is now.
 */
export const PENDING_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  depreciacao_config: renames('inicio>start_rule arredondamento>rounding data_corte>cutover_date'),
  depreciacao_eventos: renames(`tipo>kind valor>value vida_util_restante_meses>remaining_useful_life_months
    documento>document motivo>reason`),
  depreciacao_lancamentos: renames(`valor_bruto>gross_value quota>amount acumulada>accumulated perdas>impairment
    valor_residual>residual_value valor_contabil>book_value`),
  imoveis: renames(`denominacao_busca>search_text bairro>district cidade>city area_terreno>land_area
    situacao>tenure utilizacao>usage setor_nome>sector_name forma_nome>forma_aquisicao_name
    data_aquisicao>acquisition_date observacoes>notes`),
  patrimonios: renames(`descricao_busca>search_text tipo_id>tipo_bem_id tipo_nome>tipo_bem_name
    setor_nome>sector_name local_nome>local_name forma_nome>forma_aquisicao_name quantidade>quantity
    data_aquisicao>acquisition_date data_entrada_servico>in_service_date vida_util_meses>useful_life_months
    estado_conservacao>condition observacoes>notes`),
};

/** A table as the check sees it. */
export interface NamedTable {
  name: string;
  columns: string[];
}

/** Every Drizzle table exported by a schema module (`server/src/db/schema.ts`), with its column names. */
export function tablesOf(schema: Record<string, unknown>): NamedTable[] {
  return Object.values(schema)
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => getTableConfig(t))
    .map((c) => ({ name: c.name, columns: c.columns.map((col) => col.name) }));
}

/** The longest noun phrase of `NOUNS` starting at token `i`, as a token count (0: none). */
function nounAt(tokens: string[], i: number): number {
  for (let n = Math.min(2, tokens.length - i); n > 0; n--) if (NOUNS.has(tokens.slice(i, i + n).join('_'))) return n;
  return 0;
}

/** Why `name` breaks the glossary's rule, or null when it follows it. */
export function nameProblem(name: string, kind: 'table' | 'column'): string | null {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(name)) return 'is not snake_case';
  if (kind === 'column' && SPEC_COLUMNS.has(name)) return null;
  const tokens = name.split('_');
  for (let i = 0; i < tokens.length;) {
    const noun = nounAt(tokens, i);
    if (noun) {
      i += noun;
      continue;
    }
    const word = tokens[i];
    if (kind === 'table' && TABLE_SYNONYMS[word])
      return `says '${word}': the glossary's noun is '${TABLE_SYNONYMS[word]}'`;
    if (!ENGLISH.has(word) && !IDENTIFIERS.has(word))
      return `has '${word}', which is neither an English word of the check's list nor a noun of the glossary`;
    i += 1;
  }
  return null;
}

/** The pending renames a check uses (the lists above, or a test's). */
export interface Pending {
  tables: Readonly<Record<string, string>>;
  columns: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const PENDING: Pending = { tables: PENDING_TABLES, columns: PENDING_COLUMNS };

/**
 * Every name of `tables` that breaks the rule and is not pending, and every pending rename that is stale (its
 * table or column is gone, or already follows the rule): each as one line naming `table` or `table.column`.
 */
export function namingProblems(tables: readonly NamedTable[], pending: Pending = PENDING): string[] {
  const problems: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const t of tables) {
    const tableProblem = nameProblem(t.name, 'table');
    if (tableProblem && !pending.tables[t.name]) problems.push(`${t.name} ${tableProblem}`);
    if (!tableProblem && pending.tables[t.name]) problems.push(`${t.name} follows the rule: drop its pending rename`);
    for (const c of t.columns) {
      const columnProblem = nameProblem(c, 'column');
      const waiting = pending.columns[t.name]?.[c];
      if (columnProblem && !waiting) problems.push(`${t.name}.${c} ${columnProblem}`);
      if (!columnProblem && waiting) problems.push(`${t.name}.${c} follows the rule: drop its pending rename`);
    }
  }
  for (const name of Object.keys(pending.tables))
    if (!byName.has(name)) problems.push(`${name} is gone: drop its pending rename`);
  for (const [name, columns] of Object.entries(pending.columns))
    for (const c of Object.keys(columns))
      if (!byName.get(name)?.columns.includes(c)) problems.push(`${name}.${c} is gone: drop its pending rename`);
  return problems;
}
