import {
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  patrimonioCreateBody,
  type FormField,
  type ImportError,
} from '@tombo/shared';
import type { patrimonios } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import {
  checkRows,
  customCells,
  dateOf,
  matchColumns,
  missingColumns,
  moneyOf,
  refusal,
  runImport,
  str,
  type ImportRow,
  type ImportSpec,
} from '../../../spreadsheet/import';
import { checkCustomValues } from '../../form-fields';
import { fold } from '../filters';
import { inScope } from '../../../tenancy/scope';
import { HEADER_OF, estadoOf, importFields, statusOf } from './columns';
import type { ImportRefs } from './refs';

/**
 * The import check: every data row of the sheet against the municipality's references, one pt-BR
 * error per bad field with the row's line. Pure (no database): it runs in a worker thread.
 */

export interface CheckedRow {
  line: number;
  sectorCode: string;
  values: Omit<typeof patrimonios.$inferInsert, 'numeroPatrimonio'>;
}

export interface CheckResult {
  total: number;
  valid: number;
  /** The rows ready to insert (only when asked for: a dry run needs just the count). */
  good: CheckedRow[];
  errors: ImportError[];
}

/** What the checking thread is given: the uploaded file, the references, and whether to keep good rows. */
export interface CheckInput {
  file: string;
  refs: ImportRefs;
  keepGood: boolean;
}

const unprocessable = (message: string) => new HttpError(422, 'UNPROCESSABLE', message);

/** Reads the uploaded sheet (streamed, within the limits) and checks every row: runs in the checking thread. */
export async function checkFile(input: CheckInput): Promise<CheckResult> {
  const good: CheckedRow[] = [];
  const { total, valid, errors } = await runImport(checkRows(input.file, assetImport(input.refs)), {
    good: input.keepGood ? { write: (rows) => void good.push(...rows.map((r) => r.value)) } : undefined,
  });
  if (!total) throw unprocessable(PATRIMONIO_MSG.importNoRows);
  return { total, valid, good, errors };
}

/** The asset import's configuration of the engine (spreadsheet/import): limits, columns, the row check. */
export function assetImport(refs: ImportRefs): ImportSpec<CheckedRow> {
  const fields = importFields(refs.rules.custom);
  const sectorBy = new Map<string, ImportRefs['sectors'][number]>();
  for (const s of refs.sectors) {
    sectorBy.set(fold(s.name), s);
    sectorBy.set(fold(s.code), s);
  }
  const x: Omit<RowContext, 'custom'> = {
    refs,
    sectorBy,
    localBy: new Map(refs.locais.map((l) => [`${l.sectorId}:${fold(l.name)}`, l])),
    tipoBy: new Map(refs.tipos.map((t) => [fold(t.name), t])),
    formaBy: new Map(refs.formas.map((f) => [fold(f.name), f])),
  };
  let custom: Array<[number, FormField]> = [];
  return {
    read: { maxRows: PATRIMONIO_LIMITS.importMaxRows },
    // The reader's generic "cannot read" becomes the import's own text (it names Tombo's export).
    failure: refusal(PATRIMONIO_MSG.importBadFile),
    columns(header) {
      if (!header.length) throw unprocessable(PATRIMONIO_MSG.importNoRows);
      const map = matchColumns(header, fields);
      const missing = missingColumns(map, fields)[0];
      if (missing) throw unprocessable(PATRIMONIO_MSG.importMissingColumn(missing.label));
      custom = refs.rules.custom.flatMap((f): Array<[number, FormField]> => {
        const i = map[`cf:${f.key}`];
        return i === undefined ? [] : [[i, f]];
      });
      return map;
    },
    row: (row) => checkRow({ ...x, custom }, row),
  };
}

interface RowContext {
  refs: ImportRefs;
  custom: Array<[number, FormField]>;
  sectorBy: Map<string, ImportRefs['sectors'][number]>;
  localBy: Map<string, ImportRefs['locais'][number]>;
  tipoBy: Map<string, ImportRefs['tipos'][number]>;
  formaBy: Map<string, ImportRefs['formas'][number]>;
}

/** One row: its errors go to `row.error`; returns the row ready to insert, or null when it has any. */
function checkRow(x: RowContext, row: ImportRow): CheckedRow | null {
  const { refs } = x;
  const { line, cells } = row;
  const at = (key: string) => row.cell(key);
  let bad = false;
  const err = (key: string, message: string) => {
    bad = true;
    row.error(HEADER_OF[key] ?? key, message);
  };

  const setorTxt = str(at('setor_responsavel'));
  const sector = setorTxt ? x.sectorBy.get(fold(setorTxt)) : undefined;
  if (!setorTxt) err('setor_responsavel', 'O setor é obrigatório.');
  else if (!sector) err('setor_responsavel', `Setor "${setorTxt}" não encontrado.`);
  else if (!inScope(refs.scope, sector.id)) err('setor_responsavel', PATRIMONIO_MSG.notYourSector);
  const localTxt = str(at('local_objeto'));
  const local = localTxt && sector ? x.localBy.get(`${sector.id}:${fold(localTxt)}`) : undefined;
  if (localTxt && sector && !local)
    err('local_objeto', `Local "${localTxt}" não encontrado no setor "${sector.name}".`);
  const tipoTxt = str(at('tipo'));
  const tipo = tipoTxt ? x.tipoBy.get(fold(tipoTxt)) : undefined;
  if (tipoTxt && !tipo) err('tipo', `Tipo de bem "${tipoTxt}" não encontrado.`);
  if (!tipoTxt && refs.rules.tipoRequired) err('tipo', PATRIMONIO_MSG.tipoRequired);
  const formaTxt = str(at('forma_aquisicao'));
  const forma = formaTxt ? x.formaBy.get(fold(formaTxt)) : undefined;
  if (formaTxt && !forma) err('forma_aquisicao', `Forma de aquisição "${formaTxt}" não encontrada.`);
  const status = statusOf(at('status'));
  if (status === undefined) err('status', `Status inválido: "${str(at('status'))}".`);
  const estado = estadoOf(at('estado_conservacao'));
  if (estado === undefined)
    err('estado_conservacao', `Estado de conservação inválido: "${str(at('estado_conservacao'))}".`);
  const data = dateOf(at('data_aquisicao'));
  if (data === undefined) err('data_aquisicao', 'Data de aquisição inválida (use dd/mm/aaaa).');
  const qtdTxt = str(at('quantidade'));

  const candidate = {
    descricao_bem: str(at('descricao_bem')),
    sectorId: sector?.id ?? 1,
    valor_aquisicao: moneyOf(at('valor_aquisicao')) ?? undefined,
    quantidade: qtdTxt === '' ? 1 : Number(qtdTxt),
    data_aquisicao: data ?? null,
    observacoes: str(at('observacoes')) || null,
  };
  const parsed = patrimonioCreateBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key === 'data_aquisicao' && data === undefined) continue;
      const message =
        issue.message.startsWith('Invalid') || issue.message.startsWith('Expected')
          ? 'Valor inválido.'
          : issue.message.includes('AAAA-MM-DD')
            ? 'Data de aquisição inválida (use dd/mm/aaaa).'
            : issue.message;
      err(
        key,
        key === 'valor_aquisicao' && candidate.valor_aquisicao === undefined
          ? 'O valor de aquisição é obrigatório.'
          : message,
      );
    }
  }
  const cf = checkCustomValues(refs.rules, customCells(x.custom, cells), true);
  for (const [k, message] of Object.entries(cf.errors)) {
    const f = refs.rules.custom.find((c) => `customFields.${c.key}` === k);
    bad = true;
    row.error(f?.label ?? k, message);
  }
  if (bad || !parsed.success || !sector) return null;
  const v = parsed.data;
  return {
    line,
    sectorCode: sector.code,
    values: {
      municipalityId: refs.actor.municipalityId,
      descricaoBem: v.descricao_bem,
      tipoId: tipo?.id ?? null,
      tipoNome: tipo?.name ?? null,
      sectorId: sector.id,
      setorNome: sector.name,
      localId: local?.id ?? null,
      localNome: local?.name ?? null,
      formaAquisicaoId: forma?.id ?? null,
      formaNome: forma?.name ?? null,
      valorAquisicao: v.valor_aquisicao,
      quantidade: v.quantidade ?? 1,
      dataAquisicao: v.data_aquisicao ?? null,
      status: status ?? 'ativo',
      estadoConservacao: estado ?? null,
      observacoes: v.observacoes ?? null,
      customFields: cf.values,
      createdById: refs.actor.id,
      createdByName: refs.actor.name,
    },
  };
}
