import { and, inArray } from 'drizzle-orm';
import {
  IMPORTACAO_CATALOGS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_LIMITS,
  IMPORTACAO_MSG,
  localKey,
  type DistinctEnumValue,
  type DistinctValue,
  type ImportacaoAnalise,
  type ImportacaoCatalog,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { patrimonios } from '../../db/schema';
import { read } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { openCsv, type CsvFile } from '../../spreadsheet';
import { checkRows, foldHeader, runImport, type ImportOutcome } from '../../spreadsheet/import';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { estadoOf, statusOf } from '../patrimonios';
import type { Catalogs } from '../patrimonios';
import { existingValuesOnly } from './existing';
import { guessEstado, guessStatus } from './guess';
import { UpdatePreview } from './preview';
import { readFailure, registerImport, type RegisterRead } from './read';

/**
 * The analysis of a stored register under a mapping, streamed (never all rows in memory): every bad
 * row (written to a CSV as found, the first ones kept for the answer), numbers repeated in the file or
 * already in the register, and the distinct values of the catalog and fixed-value columns.
 */

const BATCH = 1000;
export const fold = foldHeader;

export interface AnalyseInput extends RegisterRead {
  file: string;
  catalogs: Catalogs;
  /** Absolute path the CSV of every bad row is written to. */
  errorsFile: string;
  /** Told the number of rows read so far, every BATCH rows. */
  onProgress?: (rows: number) => void;
  /** False: every catalog value must exist already (and its sector be the scope's), per row. */
  createCatalogs?: boolean;
  /** Re-import: numbers already in the register update their asset (previewed) instead of being errors. */
  atualizar?: 'numero' | null;
}

export interface AnalyseOutput extends ImportacaoAnalise {
  /** The distinct values needing a choice, per column (what `confirmar` checks against). */
  values: Record<string, string[]>;
}

type Ctx = Pick<AppContext, 'db'>;

/** Runs the analysis; a file the reader refuses is a 413/422 with its pt-BR reason. */
export async function analyse(ctx: Ctx, scope: TenantScope, input: AnalyseInput): Promise<AnalyseOutput> {
  const counts: Record<ImportacaoCatalog | 'status' | 'estado', Map<string, number>> = {
    setor: new Map(),
    local: new Map(),
    tipo: new Map(),
    forma: new Map(),
    status: new Map(),
    estado: new Map(),
  };
  const count = (key: keyof typeof counts, value: string) => {
    const m = counts[key];
    m.set(value, (m.get(value) ?? 0) + 1);
    if (m.size > IMPORTACAO_LIMITS.maxDistinct) {
      const label = IMPORTACAO_FIELD_LABELS[key];
      throw new HttpError(422, 'UNPROCESSABLE', IMPORTACAO_MSG.tooManyDistinct(label, IMPORTACAO_LIMITS.maxDistinct), {
        [`mapping.${key}`]: IMPORTACAO_MSG.tooManyDistinct(label, IMPORTACAO_LIMITS.maxDistinct),
      });
    }
  };
  const { mapping } = input;
  const existing = input.createCatalogs === false ? existingValuesOnly(input.catalogs, scope, mapping) : null;
  // The values of every row read (even one repeating a number): each needs a choice.
  const spec = registerImport(input, (row, at) => {
    if (existing && !existing(row, at)) return null;
    count('setor', row.setor);
    if (mapping.local != null && row.local) count('local', localKey(row.setor, row.local));
    if (mapping.tipo != null && row.tipo) count('tipo', row.tipo);
    if (mapping.forma != null && row.forma) count('forma', row.forma);
    if (mapping.status != null && row.status) count('status', row.status);
    if (mapping.estado != null && row.estado) count('estado', row.estado);
    return row;
  });
  const inRegister = async (numeros: string[]) =>
    new Set(
      (
        await read(ctx, scope, (tx) =>
          tx
            .select({ n: patrimonios.numeroPatrimonio })
            .from(patrimonios)
            .where(and(ofTenant(patrimonios, scope), inArray(patrimonios.numeroPatrimonio, numeros))),
        )
      ).map((r) => r.n),
    );
  let report: CsvFile | null = null;
  let outcome: ImportOutcome;
  const preview = input.atualizar && !input.generateNumbers ? new UpdatePreview(ctx, scope, mapping) : null;
  try {
    report = await openCsv(input.errorsFile, ['Linha', 'Campo', 'Mensagem'], '\n');
    const errors = report;
    outcome = await runImport(checkRows(input.file, spec), {
      good: preview ? { batch: BATCH, write: (rows) => preview.add(rows) } : undefined,
      taken:
        input.generateNumbers || preview
          ? undefined
          : {
              batch: BATCH,
              field: IMPORTACAO_FIELD_LABELS.numero,
              of: (r) => r.numero,
              lookup: inRegister,
              error: IMPORTACAO_MSG.duplicateInRegister,
            },
      onErrors: (list) => errors.write(list.map((e) => [e.line, e.field, e.message])),
      keepErrors: IMPORTACAO_LIMITS.inlineErrors,
      progress: { every: BATCH, report: input.onProgress },
    });
  } catch (err) {
    await report?.abort();
    throw readFailure(err);
  }
  await report.close();
  const { total, valid, errorCount, errors: inline } = outcome;
  const duplicates = preview ? preview.count : outcome.taken;
  if (!total) throw new HttpError(422, 'UNPROCESSABLE', IMPORTACAO_MSG.noRows, { file: IMPORTACAO_MSG.noRows });

  const byName = <T extends { id: number; name: string }>(list: T[]) => new Map(list.map((x) => [fold(x.name), x]));
  const sectorBy = byName(input.catalogs.sectors);
  for (const s of input.catalogs.sectors) if (!sectorBy.has(fold(s.code))) sectorBy.set(fold(s.code), s);
  const tipoBy = byName(input.catalogs.tipos);
  const formaBy = byName(input.catalogs.formas);
  const localBy = new Map(input.catalogs.locais.map((l) => [`${l.sectorId}:${fold(l.name)}`, l]));
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => a[0].localeCompare(b[0], 'pt-BR'));
  const distinctOf = (m: Map<string, number>, match: (v: string) => { id: number; name: string } | undefined) =>
    sorted(m).map(([value, n]): DistinctValue => {
      const hit = match(value);
      return { value, count: n, match: hit ? { id: hit.id, name: hit.name } : null };
    });
  const distinct: Record<ImportacaoCatalog, DistinctValue[]> = {
    setor: distinctOf(counts.setor, (v) => sectorBy.get(fold(v))),
    tipo: distinctOf(counts.tipo, (v) => tipoBy.get(fold(v))),
    forma: distinctOf(counts.forma, (v) => formaBy.get(fold(v))),
    local: sorted(counts.local).map(([key, n]) => {
      const [setor, local] = key.split('\u001f');
      const sector = sectorBy.get(fold(setor));
      const hit = sector ? localBy.get(`${sector.id}:${fold(local)}`) : undefined;
      return { value: local, setor, count: n, match: hit ? { id: hit.id, name: hit.name } : null };
    }),
  };
  const enumOf = (m: Map<string, number>, guess: (v: string) => string | null | undefined) =>
    sorted(m).map(([value, n]) => ({ value, count: n, suggestion: guess(value) ?? null }) as DistinctEnumValue);
  const values: Record<string, string[]> = {};
  for (const c of IMPORTACAO_CATALOGS) values[c] = [...counts[c].keys()];
  values.status = [...counts.status.keys()];
  values.estado = [...counts.estado.keys()];
  return {
    total,
    valid,
    errorCount,
    errors: inline,
    distinct,
    enums: {
      status: enumOf(counts.status, (v) => (guessStatus(v) === 'doado' ? 'doado' : (statusOf(v) ?? guessStatus(v)))),
      estado: enumOf(counts.estado, (v) => estadoOf(v) ?? guessEstado(v)),
    },
    duplicates,
    ...(preview ? { atualizacoes: preview.result() } : {}),
    values,
  };
}
