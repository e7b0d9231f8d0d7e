import { and, eq } from 'drizzle-orm';
import {
  IMOVEL_HISTORICO_ACTIONS as H,
  IMOVEL_LIMITS,
  IMOVEL_MSG,
  type Imovel,
  type ImovelCreate,
  type ImovelUpdate,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { formasAquisicao, imovelArquivos, imoveis, sectors } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { type Outbox } from '../../db/tx';
import { record } from '../audit';
import { acompanharImovel, autorDe, cancelarImovel, lancarIncorporacaoImoveis } from '../contabilidade';
import { HttpError, badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { inScope, ofTenant, type TenantScope } from '../../tenancy/scope';
import { checkCustomValues } from '../form-fields';
import { imovelFiles } from './files';
import { addImovelHistory, describeImovelChanges } from './history';
import { allocateImovelNumbers, numeroTaken } from './numero';
import type { ImovelRow } from './presenters';
import { findImovel, listImovelFields, loadImovel } from './queries';
import { imovelChanged, imovelDeleted } from './rooms';
import type { Processed } from '../patrimonios';

const notYourSector = () => new HttpError(403, 'FORBIDDEN', IMOVEL_MSG.notYourSector);

/**
 * A `usuario` reads every property of its municipality but changes only those whose responsible sector
 * is one of theirs (and may not leave one without a sector or move it to another's sector).
 */
export function assertWritable(scope: TenantScope, sectorId: number | null): void {
  if (scope.sectorIds && (sectorId == null || !inScope(scope, sectorId))) throw notYourSector();
}

/** The names kept beside the referenced sector and acquisition form (404 for another municipality's). */
async function refNames(tx: Db, scope: TenantScope, sectorId: number | null, formaId: number | null) {
  let setorNome: string | null = null;
  let formaNome: string | null = null;
  if (sectorId != null) {
    const [s] = await tx
      .select({ name: sectors.name })
      .from(sectors)
      .where(and(eq(sectors.id, sectorId), ofTenant(sectors, scope)));
    if (!s) throw badRequest(IMOVEL_MSG.sectorNotFound, { sectorId: IMOVEL_MSG.sectorNotFound });
    setorNome = s.name;
  }
  if (formaId != null) {
    const [f] = await tx
      .select({ nome: formasAquisicao.name })
      .from(formasAquisicao)
      .where(and(eq(formasAquisicao.id, formaId), ofTenant(formasAquisicao, scope)));
    if (!f) throw badRequest(IMOVEL_MSG.formaNotFound, { formaAquisicaoId: IMOVEL_MSG.formaNotFound });
    formaNome = f.nome;
  }
  return { setorNome, formaNome };
}

/** Checks custom values against the municipality's imóvel fields: 400 naming the first bad field. */
async function customValues(
  tx: Db,
  scope: TenantScope,
  values: Record<string, string | number | boolean | null>,
  complete: boolean,
) {
  const fields = await listImovelFields(tx, scope);
  const checked = checkCustomValues({ custom: fields.filter((f) => f.isCustom) }, values, complete);
  const errors = Object.values(checked.errors);
  if (errors.length) throw badRequest(errors[0], checked.errors);
  return { values: checked.values, fields };
}

const numeroConflict = (err: unknown) => {
  if (isUniqueViolation(err, 'imoveis_numero_uq')) throw conflict(IMOVEL_MSG.numeroTaken, 'DUPLICATE');
  throw err;
};

/** The column values of an input (only what it carries). */
const columns = (i: Partial<ImovelCreate>) => ({
  ...(i.denominacao !== undefined && { denominacao: i.denominacao }),
  ...(i.endereco !== undefined && { endereco: i.endereco }),
  ...(i.cep !== undefined && { cep: i.cep }),
  ...(i.bairro !== undefined && { bairro: i.bairro }),
  ...(i.cidade !== undefined && { cidade: i.cidade }),
  ...(i.uf !== undefined && { uf: i.uf }),
  ...(i.area_construida !== undefined && { areaConstruida: i.area_construida }),
  ...(i.area_terreno !== undefined && { areaTerreno: i.area_terreno }),
  ...(i.situacao !== undefined && { situacao: i.situacao }),
  ...(i.utilizacao !== undefined && { utilizacao: i.utilizacao }),
  ...(i.data_aquisicao !== undefined && { dataAquisicao: i.data_aquisicao }),
  ...(i.valor_aquisicao !== undefined && { valorAquisicao: i.valor_aquisicao }),
  ...(i.latitude !== undefined && { latitude: i.latitude }),
  ...(i.longitude !== undefined && { longitude: i.longitude }),
  ...(i.observacoes !== undefined && { observacoes: i.observacoes }),
});

/** Inserts checked properties (create and import): numbers issued for those without one. */
export async function insertImoveis(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  inputs: Array<ImovelCreate & { customFields: Record<string, string | number | boolean | null> }>,
  refs: Array<{ setorNome: string | null; formaNome: string | null }>,
  action: string,
): Promise<ImovelRow[]> {
  const missing = inputs.filter((i) => !i.numero_patrimonio).length;
  const issued = missing ? await allocateImovelNumbers(tx, scope, missing) : [];
  const values = inputs.map((i, k) => ({
    ...columns(i),
    denominacao: i.denominacao,
    endereco: i.endereco,
    municipalityId: scope.municipalityId,
    numeroPatrimonio: i.numero_patrimonio || issued.shift()!,
    sectorId: i.sectorId ?? null,
    setorNome: refs[k].setorNome,
    formaAquisicaoId: i.formaAquisicaoId ?? null,
    formaNome: refs[k].formaNome,
    customFields: i.customFields,
    createdById: out.actor?.id ?? null,
    createdByName: out.actor?.name ?? null,
  }));
  const rows: ImovelRow[] = [];
  for (let k = 0; k < values.length; k += 1000)
    rows.push(
      ...(await tx
        .insert(imoveis)
        .values(values.slice(k, k + 1000))
        .returning()
        .catch(numeroConflict)),
    );
  for (const r of rows)
    await addImovelHistory(tx, out, r, [{ action, details: `Imóvel ${r.numeroPatrimonio} cadastrado.` }]);
  await lancarIncorporacaoImoveis(
    tx,
    scope,
    autorDe(out),
    rows.map((r) => r.id),
    action === H.imported ? 'importacao' : 'cadastro',
  );
  return rows;
}

/** POST /api/imoveis. */
export async function createImovel(tx: Db, out: Outbox, scope: TenantScope, input: ImovelCreate): Promise<Imovel> {
  assertWritable(scope, input.sectorId ?? null);
  if (input.numero_patrimonio && (await numeroTaken(tx, scope, input.numero_patrimonio)))
    throw conflict(IMOVEL_MSG.numeroTaken, 'DUPLICATE');
  const refs = await refNames(tx, scope, input.sectorId ?? null, input.formaAquisicaoId ?? null);
  const { values } = await customValues(tx, scope, input.customFields ?? {}, true);
  const [row] = await insertImoveis(tx, out, scope, [{ ...input, customFields: values }], [refs], H.created);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_CREATE',
      entityType: 'Imovel',
      entityId: row.id,
      label: row.numeroPatrimonio,
      details: { new_value: { numero_patrimonio: row.numeroPatrimonio, denominacao: row.denominacao } },
    },
    imovelChanged(row, 'imovel.created'),
  );
  return loadImovel(tx, row);
}

/** PUT /api/imoveis/:id: 409 when stale, 403 outside a usuario's sectors, history old → new. */
export async function updateImovel(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: ImovelUpdate,
): Promise<Imovel> {
  const old = await lockOwned(tx, imoveis, id, scope.municipalityId, undefined, IMOVEL_MSG.notFound);
  assertWritable(scope, old.sectorId);
  if (input.version !== old.version) throw conflict(IMOVEL_MSG.stale);
  const sectorId = input.sectorId !== undefined ? input.sectorId : old.sectorId;
  const formaId = input.formaAquisicaoId !== undefined ? input.formaAquisicaoId : old.formaAquisicaoId;
  assertWritable(scope, sectorId);
  const numero = input.numero_patrimonio ?? old.numeroPatrimonio;
  if (numero !== old.numeroPatrimonio && (await numeroTaken(tx, scope, numero, id)))
    throw conflict(IMOVEL_MSG.numeroTaken, 'DUPLICATE');
  const refs = await refNames(tx, scope, sectorId, formaId);
  const { values, fields } = await customValues(
    tx,
    scope,
    { ...old.customFields, ...(input.customFields ?? {}) },
    true,
  );
  const [row] = await tx
    .update(imoveis)
    .set({
      ...columns(input),
      numeroPatrimonio: numero,
      sectorId,
      setorNome: refs.setorNome,
      formaAquisicaoId: formaId,
      formaNome: refs.formaNome,
      customFields: values,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(imoveis.id, id), ofTenant(imoveis, scope)))
    .returning()
    .catch(numeroConflict);
  const contabil = (r: ImovelRow) => ({
    id: r.id,
    numero: r.numeroPatrimonio,
    denominacao: r.denominacao,
    valor: r.valorAquisicao,
    situacao: r.situacao,
  });
  await acompanharImovel(tx, scope, autorDe(out), contabil(old), contabil(row));
  const changes = describeImovelChanges(old, row, fields);
  if (changes.lines.length)
    await addImovelHistory(tx, out, row, [{ action: H.updated, details: changes.lines.join('; ') }]);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_UPDATE',
      entityType: 'Imovel',
      entityId: row.id,
      label: row.numeroPatrimonio,
      details: { old_value: changes.oldValues, new_value: changes.newValues },
    },
    imovelChanged(row, 'imovel.updated'),
  );
  return loadImovel(tx, row);
}

/** DELETE /api/imoveis/:id: its maintenance, history and files go with it (the bytes after the commit). */
export async function deleteImovel(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  config: AppContext['config'],
): Promise<void> {
  const old = await findImovel(tx, scope, id, true);
  assertWritable(scope, old.sectorId);
  const files = await tx
    .select({ storedPath: imovelArquivos.storedPath })
    .from(imovelArquivos)
    .where(eq(imovelArquivos.imovelId, id));
  await cancelarImovel(tx, scope, autorDe(out), { id, numero: old.numeroPatrimonio });
  await tx.delete(imoveis).where(and(eq(imoveis.id, id), ofTenant(imoveis, scope)));
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_DELETE',
      entityType: 'Imovel',
      entityId: id,
      label: old.numeroPatrimonio,
      details: { old_value: { numero_patrimonio: old.numeroPatrimonio, denominacao: old.denominacao } },
    },
    imovelDeleted(old),
  );
  if (files.length)
    out.afterCommit(() =>
      imovelFiles.removeStoredFiles(
        config,
        files.map((f) => f.storedPath),
      ),
    );
}

/** Attaches a checked and stored photo or document (10 photos, 20 documents at most: 409). */
export async function attachImovelArquivo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  kind: 'foto' | 'documento',
  p: Processed,
): Promise<Imovel> {
  const row = await findImovel(tx, scope, id, true);
  assertWritable(scope, row.sectorId);
  const n = await tx.$count(imovelArquivos, and(eq(imovelArquivos.imovelId, id), eq(imovelArquivos.kind, kind)));
  if (kind === 'foto' && n >= IMOVEL_LIMITS.maxFotos) throw conflict(IMOVEL_MSG.tooManyFotos);
  if (kind === 'documento' && n >= IMOVEL_LIMITS.maxDocumentos) throw conflict(IMOVEL_MSG.tooManyDocumentos);
  const [file] = await tx
    .insert(imovelArquivos)
    .values({
      imovelId: id,
      municipalityId: scope.municipalityId,
      kind,
      fileName: p.fileName,
      storedPath: p.stored,
      mimeType: p.mimeType,
      size: p.size,
      uploadedById: out.actor?.id ?? null,
      uploadedByName: out.actor?.name ?? null,
    })
    .returning();
  await addImovelHistory(tx, out, row, [
    { action: kind === 'foto' ? H.fotoAdded : H.documentoAdded, details: `'${p.fileName}'` },
  ]);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_FILE_ADD',
      entityType: 'Imovel',
      entityId: id,
      label: row.numeroPatrimonio,
      details: { new_value: { kind, fileId: file.id, fileName: p.fileName, size: p.size } },
    },
    imovelChanged(row, 'imovel.updated'),
  );
  return loadImovel(tx, row);
}

/** Removes a photo or document; the stored bytes go after the commit. */
export async function removeImovelArquivo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  fileId: string,
  config: AppContext['config'],
): Promise<Imovel> {
  const row = await findImovel(tx, scope, id, true);
  assertWritable(scope, row.sectorId);
  const [file] = await tx
    .delete(imovelArquivos)
    .where(and(eq(imovelArquivos.id, fileId), eq(imovelArquivos.imovelId, id)))
    .returning();
  if (!file) throw notFound(IMOVEL_MSG.fileNotFound);
  await addImovelHistory(tx, out, row, [
    { action: file.kind === 'foto' ? H.fotoRemoved : H.documentoRemoved, details: `'${file.fileName}'` },
  ]);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_FILE_REMOVE',
      entityType: 'Imovel',
      entityId: id,
      label: row.numeroPatrimonio,
      details: { old_value: { kind: file.kind, fileId: file.id, fileName: file.fileName } },
    },
    imovelChanged(row, 'imovel.updated'),
  );
  out.afterCommit(() => imovelFiles.removeStoredFiles(config, [file.storedPath]));
  return loadImovel(tx, row);
}
