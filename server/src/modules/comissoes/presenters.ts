import { COMISSAO_MIN_MEMBROS, isoDayOf, type Comissao } from '@tombo/shared';
import type { comissaoMembers, comissoes } from './schema';

export type ComissaoRow = typeof comissoes.$inferSelect;
export type ComissaoMemberRow = typeof comissaoMembers.$inferSelect;

/** In its term on `day` and with at least three members who are still users: it may act. */
export const mayAct = (c: ComissaoRow, members: ComissaoMemberRow[], day = isoDayOf(new Date())) =>
  c.actDate <= day && day <= c.validUntil && members.filter((m) => m.userId != null).length >= COMISSAO_MIN_MEMBROS;

/** Row and its members (in the act's order) → API shape (HTTP and events). */
export const presentComissao = (c: ComissaoRow, members: ComissaoMemberRow[]): Comissao => {
  const ordered = [...members].sort((a, b) => a.position - b.position);
  return {
    id: c.id,
    tipo: c.kind,
    ato: c.act,
    dataAto: c.actDate,
    validaAte: c.validUntil,
    presidenteId: ordered.find((m) => m.isPresident)?.userId ?? null,
    membros: ordered.map((m) => ({ id: m.userId, nome: m.userName, presidente: m.isPresident })),
    vigente: mayAct(c, members),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    version: c.version,
  };
};
