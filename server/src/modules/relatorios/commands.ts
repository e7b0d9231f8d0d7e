import { and, count, eq } from 'drizzle-orm';
import {
  room,
  RELATORIO_LIMITS,
  RELATORIO_MSG,
  type reportConfigCreateBody,
  type reportConfigUpdateBody,
  type reportTemplateCreateBody,
  type reportTemplateUpdateBody,
  type ReportConfig,
  type ReportTemplate,
} from '@tombo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { lockOwned } from '../../db/owned';
import { relatorioConfigs, relatorioTemplates } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentReportConfig, presentReportTemplate, reportTemplateSnapshot as snapshot } from './presenters';
import { findReportTemplate } from './queries';
import { nextRun } from './schedule';

/** Tells the municipality's open lists and editors that a template changed (or is gone). */
const changed = (scope: TenantScope, id: number, removed?: boolean) =>
  liveEvent(room.municipality(scope.municipalityId), 'reportTemplate.changed', removed ? { id, removed } : { id });

type TemplateInput = z.output<typeof reportTemplateCreateBody>;
type TemplateUpdate = z.output<typeof reportTemplateUpdateBody>;
type ConfigInput = z.output<typeof reportConfigCreateBody>;
type ConfigUpdate = z.output<typeof reportConfigUpdateBody>;

const ENTITY = 'ReportTemplate';
const CONFIG = 'ReportConfig';

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'relatorio_templates_name_uq'))
    throw conflict(RELATORIO_MSG.templateNameTaken, 'DUPLICATE');
  throw err;
}

/** Creates a report template of the scope's municipality (409 for a taken name). */
export async function createReportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: TemplateInput,
): Promise<ReportTemplate> {
  const [row] = await tx
    .insert(relatorioTemplates)
    .values({ municipalityId: scope.municipalityId, ...input })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'REPORT_TEMPLATE_CREATE',
      entityType: ENTITY,
      entityId: row.id,
      label: row.name,
      details: { new_value: snapshot(row) },
    },
    changed(scope, row.id),
  );
  return presentReportTemplate(row);
}

/** Replaces a template's name, fields, filters and layout (409 on a stale version or a taken name). */
export async function updateReportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: TemplateUpdate,
): Promise<ReportTemplate> {
  const old = await lockOwned(
    tx,
    relatorioTemplates,
    id,
    scope.municipalityId,
    input.version,
    RELATORIO_MSG.templateNotFound,
  );
  const { version: _v, ...values } = input;
  const [row] = await tx
    .update(relatorioTemplates)
    .set({ ...values, updatedAt: new Date(), version: old.version + 1 })
    .where(and(eq(relatorioTemplates.id, id), ofTenant(relatorioTemplates, scope)))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'REPORT_TEMPLATE_UPDATE',
      entityType: ENTITY,
      entityId: id,
      label: row.name,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    },
    changed(scope, id),
  );
  return presentReportTemplate(row);
}

/** Deletes a template; the saved configs that use it go with it. */
export async function deleteReportTemplate(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(
    tx,
    relatorioTemplates,
    id,
    scope.municipalityId,
    undefined,
    RELATORIO_MSG.templateNotFound,
  );
  await tx.delete(relatorioTemplates).where(and(eq(relatorioTemplates.id, id), ofTenant(relatorioTemplates, scope)));
  await record(
    tx,
    out,
    {
      action: 'REPORT_TEMPLATE_DELETE',
      entityType: ENTITY,
      entityId: id,
      label: old.name,
      details: { old_value: snapshot(old) },
    },
    changed(scope, id, true),
  );
}

/** The caller's config, locked (another user's or municipality's: 404; stale version: 409). */
async function lockOwnConfig(tx: Db, scope: TenantScope, userId: number, id: number, version?: number) {
  const row = await lockOwned(tx, relatorioConfigs, id, scope.municipalityId, undefined, RELATORIO_MSG.configNotFound);
  if (row.userId !== userId) throw notFound(RELATORIO_MSG.configNotFound);
  if (version !== undefined && version !== row.version) throw conflict();
  return row;
}

const schedule = (
  input: ConfigInput,
  now: Date,
): Pick<typeof relatorioConfigs.$inferInsert, 'schedule' | 'nextRunAt'> => ({
  schedule: input.agendamento ?? null,
  nextRunAt: input.agendamento ? nextRun(input.agendamento, now) : null,
});

/** Saves a filter set of the caller (spec §3 User report config), optionally scheduled. */
export async function createReportConfig(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userId: number,
  input: ConfigInput,
  now = new Date(),
): Promise<ReportConfig> {
  const template = await findReportTemplate(tx, scope, input.templateId);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(relatorioConfigs)
    .where(and(ofTenant(relatorioConfigs, scope), eq(relatorioConfigs.userId, userId)));
  if (n >= RELATORIO_LIMITS.maxConfigsPerUser) throw conflict(RELATORIO_MSG.configLimit);
  const [row] = await tx
    .insert(relatorioConfigs)
    .values({
      municipalityId: scope.municipalityId,
      userId,
      templateId: template.id,
      name: input.name,
      filters: input.filtros,
      ...schedule(input, now),
    })
    .returning();
  await record(tx, out, {
    action: 'REPORT_CONFIG_SAVE',
    entityType: CONFIG,
    entityId: row.id,
    label: row.name,
    details: { new_value: { name: row.name, template: template.name, agendamento: row.schedule } },
  });
  return presentReportConfig(row, template.name);
}

/** Changes one of the caller's configs (its schedule restarts from now). */
export async function updateReportConfig(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userId: number,
  id: number,
  input: ConfigUpdate,
  now = new Date(),
): Promise<ReportConfig> {
  const old = await lockOwnConfig(tx, scope, userId, id, input.version);
  const template = await findReportTemplate(tx, scope, input.templateId);
  const [row] = await tx
    .update(relatorioConfigs)
    .set({
      templateId: template.id,
      name: input.name,
      filters: input.filtros,
      ...schedule(input, now),
      updatedAt: now,
      version: old.version + 1,
    })
    .where(and(eq(relatorioConfigs.id, id), ofTenant(relatorioConfigs, scope)))
    .returning();
  await record(tx, out, {
    action: 'REPORT_CONFIG_SAVE',
    entityType: CONFIG,
    entityId: id,
    label: row.name,
    details: {
      old_value: { name: old.name, agendamento: old.schedule },
      new_value: { name: row.name, template: template.name, agendamento: row.schedule },
    },
  });
  return presentReportConfig(row, template.name);
}

/** Deletes one of the caller's configs. */
export async function deleteReportConfig(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userId: number,
  id: number,
): Promise<void> {
  const old = await lockOwnConfig(tx, scope, userId, id);
  await tx.delete(relatorioConfigs).where(and(eq(relatorioConfigs.id, id), ofTenant(relatorioConfigs, scope)));
  await record(tx, out, { action: 'REPORT_CONFIG_DELETE', entityType: CONFIG, entityId: id, label: old.name });
}
