import { HISTORICO_ACTIONS, type ImportReport } from '@tombo/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { patrimonioHistorico, patrimonios } from '../../../db/schema';
import { mutate, read, type Actor } from '../../../db/tx';
import { audit } from '../../audit';
import { lancarIncorporacao } from '../../contabilidade';
import { scopeOfMunicipality, type TenantScope as Scope } from '../../../tenancy/scope';
import { assetRooms } from '../rooms';
import type { CheckedRow } from './check';
import { issueNumbers } from './numbers';
import { loadImportRefs } from './refs';
import { checkInThread } from './thread';

type Progress = (percent: number) => Promise<void> | void;
const CHUNK = 500;

/**
 * Dry run: reports every bad row. Commit: creates every good row in ONE transaction (numbers
 * allocated per sector, in row order) — or nothing if anything fails. The sheet is read and checked
 * in a worker thread (`checkInThread`); only the writes run here. Usable from a request or as a job
 * processor (`onProgress` 0–100). A commit's last step is `onCommit` with the report, inside that
 * transaction (a job records there that it committed; throwing rolls the import back) — or alone
 * when no row was good and nothing is written.
 */
export async function importPatrimonios(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
  actor: Actor & { municipalityId: number },
  scope: Scope,
  filePath: string,
  mode: 'dry-run' | 'commit',
  onProgress: Progress = () => undefined,
  onCommit?: (tx: Db, report: ImportReport) => Promise<void>,
): Promise<ImportReport> {
  const refs = await read(ctx, scope, (tx) => loadImportRefs(tx, actor, scope));
  await onProgress(5);
  const { total, valid, good, errors } = await checkInThread({ file: filePath, refs, keepGood: mode === 'commit' });
  await onProgress(25);
  if (mode === 'dry-run') return { mode, total, valid, created: 0, errors, numeros: null };
  if (good.length === 0) {
    const none: ImportReport = { mode, total, valid: 0, created: 0, errors, numeros: null };
    if (onCommit) await mutate(ctx, actor, (tx) => onCommit(tx, none), scope);
    return none;
  }
  const report = await mutate(ctx, actor, async (tx, out): Promise<ImportReport> => {
    const numeros = await insertRows(tx, actor, good, (done) => onProgress(25 + (70 * done) / good.length));
    const sectorIds = [...new Set(good.map((r) => r.values.sectorId))];
    await audit(tx, out, {
      action: 'PATRIMONIO_IMPORT',
      entityType: 'Patrimonio',
      entityId: null,
      label: numeros.first === numeros.last ? numeros.first : `${numeros.first} a ${numeros.last}`,
      // One sector: its usuarios see the import; several: the log's readers only.
      sectorId: sectorIds.length === 1 ? sectorIds[0] : null,
      details: {
        new_value: {
          linhas: total,
          criados: good.length,
          com_erro: total - good.length,
          de: numeros.first,
          ate: numeros.last,
        },
      },
    });
    out.emit(assetRooms(actor.municipalityId, ...sectorIds), 'patrimonio.bulk_created', {
      count: good.length,
      source: 'import',
      first: numeros.first,
      last: numeros.last,
      sectorIds,
    });
    const done: ImportReport = { mode, total, valid: good.length, created: good.length, errors, numeros };
    await onCommit?.(tx, done);
    return done;
  });
  await onProgress(100);
  return report;
}

/** Inserts the rows with their history entries, numbers allocated per sector in row order; first and last number. */
async function insertRows(
  tx: Db,
  actor: Actor & { municipalityId: number },
  good: CheckedRow[],
  onProgress: (done: number) => Promise<void> | void,
): Promise<{ first: string; last: string }> {
  const scope = scopeOfMunicipality(actor.municipalityId);
  const numbers = await issueNumbers(
    tx,
    scope,
    good.map((r) => r.sectorCode),
  );
  let first = '';
  let last = '';
  for (let i = 0; i < good.length; i += CHUNK) {
    const chunk = good.slice(i, i + CHUNK);
    const inserted = await tx
      .insert(patrimonios)
      .values(chunk.map((r, j) => ({ ...r.values, numeroPatrimonio: numbers[i + j] })))
      .returning({ id: patrimonios.id, numero: patrimonios.numeroPatrimonio });
    await tx.insert(patrimonioHistorico).values(
      inserted.map((x) => ({
        patrimonioId: x.id,
        municipalityId: actor.municipalityId,
        action: HISTORICO_ACTIONS.created,
        details: `Bem ${x.numero} cadastrado por importação de planilha.`,
        userId: actor.id,
        userName: actor.name,
      })),
    );
    await lancarIncorporacao(
      tx,
      scope,
      { id: actor.id, name: actor.name },
      inserted.map((x) => x.id),
      'importacao',
    );
    if (i === 0) first = inserted[0].numero;
    last = inserted[inserted.length - 1].numero;
    await onProgress(Math.min(good.length, i + CHUNK));
  }
  return { first, last };
}
