import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ComissaoTipo } from '@tombo/shared';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/** A standing commission named by an act (portaria): its kind, act, term and version. */
export const comissoes = pgTable(
  'comissoes',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<ComissaoTipo>().notNull(),
    act: text('act').notNull(),
    actDate: date('act_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('comissoes_municipality_idx').on(t.municipalityId, t.kind, t.validUntil),
    check('comissoes_kind_ck', sql`${t.kind} in ('inventario', 'avaliacao', 'desfazimento')`),
    check('comissoes_term_ck', sql`${t.validUntil} >= ${t.actDate}`),
  ],
);

/**
 * Its members as the act names them: the user (null once deleted) and the name kept, so the commission that acted
 * still says who it was; one of them presides.
 */
export const comissaoMembers = pgTable(
  'comissao_members',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    comissaoId: integer('comissao_id')
      .notNull()
      .references(() => comissoes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    isPresident: boolean('is_president').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('comissao_members_uq').on(t.comissaoId, t.userId),
    uniqueIndex('comissao_members_president_uq')
      .on(t.comissaoId)
      .where(sql`${t.isPresident}`),
    index('comissao_members_user_idx').on(t.userId),
  ],
);
