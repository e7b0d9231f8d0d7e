import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { LiveEvent, Notification, Patrimonio, Transferencia } from '@tombo/shared';
import {
  newLocal,
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestLocal,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { sentinel } from '../support/sentinel';

// Transfers and donations (spec §3/§4): the two state machines field by field, the bad input of the
// issue (nothing changed), two approvers at once, and who receives the live events.

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
/** A second sector of A with a location: the destination of the transfers. */
let dest: TestSector;
let destLocal: TestLocal;
/** A usuario of another sector of A: must see and receive none of the requests of `A.sector`. */
let stranger: TestUser;

const as = async (u: TestUser) => client(s.url, await u.token());
const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => s.owner.query<T>(sql, params);

async function asset(id: number): Promise<Patrimonio> {
  const r = await (await as(A.users.admin))('GET', `/api/patrimonios/${id}`);
  expect(r.status).toBe(200);
  return r.body.patrimonio;
}
const newAsset = () => newPatrimonio(s, { municipalityId: A.id, sectorId: A.sector.id, localId: A.local.id });
const transferBody = (patrimonioId: number, extra: Record<string, unknown> = {}) => ({
  patrimonioId,
  type: 'transferencia',
  motivo: 'Reorganização do setor',
  setorDestinoId: dest.id,
  localDestinoId: destLocal.id,
  ...extra,
});
const countRequests = async (patrimonioId: number) =>
  (await db<{ n: number }>('select count(*)::int as n from transferencias where patrimonio_id = $1', [patrimonioId]))[0]
    .n;
const auditRows = (action: string, entityId: number | string) =>
  db<{ user_id: number; details: string }>(
    'select user_id, details from audit_logs where action = $1 and entity_id = $2 order by id',
    [action, String(entityId)],
  );
const notificationsOf = (userId: number) =>
  db<Notification & { is_read: boolean }>(
    'select title, description, type, link from notifications where user_id = $1 order by id',
    [userId],
  );

/** Collects the payloads of an event on a socket. */
function collect<T>(socket: Socket, name: string): T[] {
  const seen: T[] = [];
  socket.on(name, (e: LiveEvent<T>) => seen.push(e.data));
  return seen;
}

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  dest = await newSector(s, A.id);
  destLocal = await newLocal(s, dest);
  const other = await newSector(s, A.id);
  stranger = await newUser(s, { municipalityId: A.id, role: 'usuario', sectorIds: [other.id] });
});
afterAll(() => s?.close());

describe('a transfer: requested by a usuario, approved by a supervisor (spec §4)', () => {
  it('every field of the request, the asset, the history, the notifications, the audit and the rooms', async () => {
    const a = await newAsset();
    const sockets = {
      supervisor: await s.socket(await A.users.supervisor.token()),
      usuario: await s.socket(await A.users.usuario.token()),
      stranger: await s.socket(await stranger.token()),
      other: await s.socket(await B.users.admin.token()),
    };
    const created = Object.fromEntries(
      Object.entries(sockets).map(([k, sock]) => [k, collect<Transferencia>(sock, 'transferencia.created')]),
    );
    const updated = Object.fromEntries(
      Object.entries(sockets).map(([k, sock]) => [k, collect<Transferencia>(sock, 'transferencia.updated')]),
    );
    const before = await asset(a.id);

    const posted = await (await as(A.users.usuario))('POST', '/api/transferencias', transferBody(a.id));
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const t: Transferencia = posted.body.transferencia;
    expect(t).toMatchObject({
      patrimonioId: a.id,
      numeroPatrimonio: a.numero,
      type: 'transferencia',
      motivo: 'Reorganização do setor',
      setorOrigemId: A.sector.id,
      setorOrigem: A.sector.name,
      setorDestinoId: dest.id,
      setorDestino: dest.name,
      localDestinoId: destLocal.id,
      localDestino: destLocal.name,
      destinatario: null,
      solicitanteId: A.users.usuario.id,
      solicitanteNome: 'Pessoa Teste usuario',
      status: 'pendente',
      aprovadorId: null,
      aprovadorNome: null,
      dataAprovacao: null,
      comentariosAprovador: null,
      version: 0,
    });
    expect(Math.abs(Date.parse(t.dataSolicitacao) - Date.now())).toBeLessThan(60_000);
    expect(posted.body.patrimonio).toMatchObject({ id: a.id, transferencia_pendente: true, sectorId: A.sector.id });
    const pending = await asset(a.id);
    expect(pending).toMatchObject({ transferencia_pendente: true, sectorId: A.sector.id, status: before.status });
    expect(pending.historico_movimentacao).toEqual(before.historico_movimentacao);
    expect(await auditRows('TRANSFER_REQUEST', t.id)).toHaveLength(1);
    // The approvers (admin and supervisor) are told; the requester, visualizador and the other town are not.
    for (const who of [A.users.admin, A.users.supervisor])
      expect(await notificationsOf(who.id)).toContainEqual({
        title: 'Nova Solicitação de Transferência',
        description: `Pessoa Teste usuario solicitou a transferência do bem ${a.numero} para ${dest.name}.`,
        type: 'transfer',
        link: '/bens/transferencias',
      });
    expect(await notificationsOf(A.users.usuario.id)).toEqual([]);
    expect(await notificationsOf(A.users.visualizador.id)).toEqual([]);

    // A second request for the same asset is refused while this one waits.
    const again = await (await as(A.users.admin))('POST', '/api/transferencias', transferBody(a.id));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'Este bem já tem uma solicitação de transferência pendente. Aguarde a decisão.',
    );

    const decisionSeen = nextEvent<LiveEvent<Notification>>(sockets.usuario, 'notification.created');
    const decided = await (
      await as(A.users.supervisor)
    )('POST', `/api/transferencias/${t.id}/decisao`, {
      status: 'aprovada',
      comentariosAprovador: 'De acordo.',
      version: t.version,
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.transferencia).toMatchObject({
      id: t.id,
      status: 'aprovada',
      aprovadorId: A.users.supervisor.id,
      aprovadorNome: 'Pessoa Teste supervisor',
      comentariosAprovador: 'De acordo.',
      setorDestino: dest.name,
      version: 1,
    });
    expect(Math.abs(Date.parse(decided.body.transferencia.dataAprovacao) - Date.now())).toBeLessThan(60_000);

    const after = await asset(a.id);
    expect(after).toMatchObject({
      sectorId: dest.id,
      setor_responsavel: dest.name,
      localId: destLocal.id,
      local_objeto: destLocal.name,
      transferencia_pendente: false,
      doado: false,
      status: before.status,
    });
    const [first, ...rest] = after.historico_movimentacao;
    expect(first).toMatchObject({
      action: 'Transferência',
      details: 'Transferência aprovada. Motivo: Reorganização do setor',
      user: 'Pessoa Teste supervisor',
    });
    expect(rest.filter((h) => h.action === 'Transferência')).toEqual([]);
    expect(rest.filter((h) => h.action === 'Movimentação').map((h) => h.details)).toEqual([
      `Local: '${A.local.name}' → '${destLocal.name}'`,
      `Setor: '${A.sector.name}' → '${dest.name}'`,
    ]);
    expect(after.historico_movimentacao).toHaveLength(before.historico_movimentacao.length + 3);

    const note = {
      title: 'Solicitação Aprovada',
      description: `Sua solicitação para o bem ${a.numero} foi aprovada.`,
      type: 'transfer',
      link: `/bens-cadastrados/ver/${a.id}`,
    };
    expect(await notificationsOf(A.users.usuario.id)).toEqual([note]);
    expect((await decisionSeen).data).toMatchObject({ ...note, userId: A.users.usuario.id, isRead: false });
    const audit = await auditRows('TRANSFER_APPROVE', t.id);
    expect(audit).toHaveLength(1);
    expect(audit[0].user_id).toBe(A.users.supervisor.id);
    expect(await auditRows('PATRIMONIO_MOVE', a.id)).toHaveLength(1);

    // Each socket's own later notification bounds the wait: what was sent it before has arrived.
    const owners = { supervisor: A.users.supervisor, usuario: A.users.usuario, stranger, other: B.users.admin };
    for (const [k, sock] of Object.entries(sockets)) await sentinel(s, sock, owners[k as keyof typeof owners]);
    for (const k of ['supervisor', 'usuario']) {
      expect(
        created[k].map((x) => x.id),
        k,
      ).toEqual([t.id]);
      expect(
        updated[k].map((x) => [x.id, x.status]),
        k,
      ).toEqual([[t.id, 'aprovada']]);
    }
    for (const k of ['stranger', 'other']) expect([...created[k], ...updated[k]], k).toEqual([]);
  });
});

describe('a rejected transfer and an approved donation', () => {
  it('rejection: asset stays, flag cleared, history and notification say rejeitada; a new request is then possible', async () => {
    const a = await newAsset();
    const admin = await as(A.users.admin);
    const t = (await admin('POST', '/api/transferencias', transferBody(a.id))).body.transferencia as Transferencia;
    const sup = await as(A.users.supervisor);
    // Issue 35: a rejection says why; without a reason (or a blank one) 422 and nothing changes.
    for (const body of [
      { status: 'rejeitada', version: t.version },
      { status: 'rejeitada', comentariosAprovador: '   ', version: t.version },
      { status: 'rejeitada', comentariosAprovador: null, version: t.version },
    ]) {
      const bad = await sup('POST', `/api/transferencias/${t.id}/decisao`, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.error).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'Informe o motivo da rejeição: quem pediu será avisado dele.',
        fields: { comentariosAprovador: 'Informe o motivo da rejeição: quem pediu será avisado dele.' },
      });
    }
    expect((await db('select status, version from transferencias where id = $1', [t.id]))[0]).toEqual({
      status: 'pendente',
      version: t.version,
    });
    const r = await sup('POST', `/api/transferencias/${t.id}/decisao`, {
      status: 'rejeitada',
      comentariosAprovador: 'O setor de destino não tem espaço.',
      version: t.version,
    });
    expect(r.status).toBe(200);
    expect(r.body.transferencia).toMatchObject({
      status: 'rejeitada',
      aprovadorNome: 'Pessoa Teste supervisor',
      comentariosAprovador: 'O setor de destino não tem espaço.',
    });
    const after = await asset(a.id);
    expect(after).toMatchObject({ sectorId: A.sector.id, localId: A.local.id, transferencia_pendente: false });
    expect(after.historico_movimentacao[0]).toMatchObject({
      action: 'Transferência',
      details: 'Transferência rejeitada. Motivo: Reorganização do setor',
      user: 'Pessoa Teste supervisor',
    });
    expect(after.historico_movimentacao.filter((h) => h.action === 'Movimentação')).toEqual([]);
    expect(await notificationsOf(A.users.admin.id)).toContainEqual({
      title: 'Solicitação Rejeitada',
      description: `Sua solicitação para o bem ${a.numero} foi rejeitada. Motivo: O setor de destino não tem espaço.`,
      type: 'transfer',
      link: `/bens-cadastrados/ver/${a.id}`,
    });
    expect(await auditRows('TRANSFER_REJECT', t.id)).toHaveLength(1);
    expect((await admin('POST', '/api/transferencias', transferBody(a.id))).status).toBe(201);
  });

  it('donation: baixado and doado, the donation line at the front, then no other request', async () => {
    const a = await newAsset();
    const admin = await as(A.users.admin);
    const posted = await admin('POST', '/api/transferencias', {
      patrimonioId: a.id,
      type: 'doacao',
      motivo: 'Bem ocioso',
      destinatario: 'Escola Estadual Centro',
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const t: Transferencia = posted.body.transferencia;
    expect(t).toMatchObject({
      type: 'doacao',
      destinatario: 'Escola Estadual Centro',
      setorDestinoId: null,
      setorDestino: null,
      localDestino: null,
      status: 'pendente',
    });
    const r = await (
      await as(A.users.supervisor)
    )('POST', `/api/transferencias/${t.id}/decisao`, {
      status: 'aprovada',
      version: 0,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await asset(a.id);
    expect(after).toMatchObject({
      status: 'baixado',
      doado: true,
      transferencia_pendente: false,
      sectorId: A.sector.id,
    });
    expect(after.historico_movimentacao[0]).toMatchObject({
      action: 'Doação',
      details: 'Doação aprovada. Motivo: Bem ocioso',
      user: 'Pessoa Teste supervisor',
    });
    expect(after.historico_movimentacao[1]).toMatchObject({
      action: 'Baixa',
      details: "Bem baixado (status anterior: 'Ativo'). Doado a Escola Estadual Centro.",
    });
    expect(await notificationsOf(A.users.admin.id)).toContainEqual({
      title: 'Solicitação Aprovada',
      description: `Sua solicitação para o bem ${a.numero} foi aprovada.`,
      type: 'transfer',
      link: `/bens-cadastrados/ver/${a.id}`,
    });
    expect(await auditRows('TRANSFER_APPROVE', t.id)).toHaveLength(1);
    expect(await auditRows('PATRIMONIO_WRITE_OFF', a.id)).toHaveLength(1);
    const again = await admin('POST', '/api/transferencias', transferBody(a.id));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Este bem já foi doado e não pode ser transferido nem doado novamente.');
  });
});

describe('bad input: a clear pt-BR answer and nothing changed', () => {
  const expectUntouched = async (id: number, flag = false) => {
    expect(await countRequests(id)).toBe(0);
    expect(
      (await db<{ p: boolean }>('select transferencia_pendente as p from patrimonios where id = $1', [id]))[0].p,
    ).toBe(flag);
  };

  it('requests', async () => {
    const a = await newAsset();
    const admin = await as(A.users.admin);
    const cases: Array<[string, TestUser, unknown, number, string]> = [
      ['another municipality’s asset', A.users.admin, transferBody(B.asset.id), 404, 'Bem não encontrado.'],
      [
        'another municipality’s sector',
        A.users.admin,
        transferBody(a.id, { setorDestinoId: B.sector.id, localDestinoId: null }),
        404,
        'Setor de destino não encontrado.',
      ],
      [
        'another municipality’s location',
        A.users.admin,
        transferBody(a.id, { localDestinoId: B.local.id }),
        404,
        'Local de destino não encontrado.',
      ],
      ['no motivo', A.users.admin, transferBody(a.id, { motivo: undefined }), 400, 'O motivo é obrigatório.'],
      ['a blank motivo', A.users.admin, transferBody(a.id, { motivo: '   ' }), 400, 'O motivo é obrigatório.'],
      [
        'the same sector',
        A.users.admin,
        transferBody(a.id, { setorDestinoId: A.sector.id, localDestinoId: null }),
        400,
        'O bem já está neste setor. Escolha outro setor de destino.',
      ],
      [
        'a location of another sector',
        A.users.admin,
        transferBody(a.id, { localDestinoId: A.local.id }),
        400,
        'O local escolhido não pertence ao setor de destino.',
      ],
      [
        'a transfer without a sector',
        A.users.admin,
        transferBody(a.id, { setorDestinoId: undefined, localDestinoId: undefined }),
        400,
        'Selecione o setor de destino.',
      ],
      [
        'a donation without destinatario',
        A.users.admin,
        { patrimonioId: a.id, type: 'doacao', motivo: 'x' },
        400,
        'Informe o destinatário da doação.',
      ],
      [
        'a donation with a sector',
        A.users.admin,
        { patrimonioId: a.id, type: 'doacao', motivo: 'x', destinatario: 'Y', setorDestinoId: dest.id },
        400,
        'Uma doação não tem setor nem local de destino.',
      ],
      [
        'an unknown type',
        A.users.admin,
        transferBody(a.id, { type: 'venda' }),
        400,
        'Tipo inválido: use transferencia ou doacao.',
      ],
      ['an unknown field', A.users.admin, transferBody(a.id, { status: 'aprovada' }), 400, 'Campo não permitido.'],
      ['a usuario, another sector’s asset', stranger, transferBody(a.id), 404, 'Bem não encontrado.'],
      ['a visualizador', A.users.visualizador, transferBody(a.id), 403, 'Você não tem permissão para esta ação.'],
    ];
    for (const [what, who, body, status, message] of cases) {
      const r = await (await as(who))('POST', '/api/transferencias', body);
      expect(r.status, what).toBe(status);
      expect(r.body.error.message, what).toBe(message);
    }
    await expectUntouched(a.id);
    await expectUntouched(B.asset.id);
    const motivoField = await admin('POST', '/api/transferencias', transferBody(a.id, { motivo: '' }));
    expect(motivoField.body.error.fields).toEqual({ motivo: 'O motivo é obrigatório.' });

    await db("update patrimonios set status = 'baixado' where id = $1", [a.id]);
    const off = await admin('POST', '/api/transferencias', transferBody(a.id));
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe('Este bem está baixado e não pode ser transferido nem doado.');
    await expectUntouched(a.id);
  });

  it('decisions', async () => {
    const a = await newAsset();
    const t = (await (await as(A.users.usuario))('POST', '/api/transferencias', transferBody(a.id))).body
      .transferencia as Transferencia;
    const snapshot = async () => ({
      t: await db('select * from transferencias where id = $1', [t.id]),
      a: await asset(a.id),
    });
    const before = await snapshot();
    const decide = async (who: TestUser, body: unknown, id = t.id) =>
      (await as(who))('POST', `/api/transferencias/${id}/decisao`, body);
    for (const who of [A.users.usuario, A.users.visualizador]) {
      const r = await decide(who, { status: 'aprovada', version: 0 });
      expect(r.status, who.role).toBe(403);
      expect(r.body.error.message).toBe('Você não tem permissão para esta ação.');
    }
    const stale = await decide(A.users.supervisor, { status: 'aprovada', version: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'Esta solicitação foi alterada por outra pessoa. Recarregue e tente novamente.',
    );
    expect((await decide(A.users.supervisor, { status: 'pendente', version: 0 })).body.error.message).toBe(
      'Decisão inválida: use aprovada ou rejeitada.',
    );
    expect((await decide(A.users.supervisor, { status: 'aprovada' })).status).toBe(400);
    expect((await decide(B.users.supervisor, { status: 'aprovada', version: 0 })).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // The asset was written off meanwhile: approving is refused, rejecting still clears the flag.
    await db("update patrimonios set status = 'baixado' where id = $1", [a.id]);
    const off = await decide(A.users.supervisor, { status: 'aprovada', version: 0 });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe('O bem foi baixado depois do pedido; esta solicitação só pode ser rejeitada.');
    expect((await decide(A.users.supervisor, { status: 'rejeitada', version: 0 })).status).toBe(422);
    const reason = { status: 'rejeitada', comentariosAprovador: 'Bem baixado.', version: 0 };
    expect((await decide(A.users.supervisor, reason)).status).toBe(200);
    const decided = await decide(A.users.admin, { status: 'aprovada', version: 1 });
    expect(decided.status).toBe(409);
    expect(decided.body.error.message).toBe(
      'Esta solicitação já foi rejeitada por Pessoa Teste supervisor. Nada foi alterado.',
    );
    expect((await asset(a.id)).sectorId).toBe(A.sector.id);
  });
});

describe('two at once', () => {
  it('two approvers deciding the same request: one wins, the other gets 409, the asset moves once', async () => {
    const a = await newAsset();
    const t = (await (await as(A.users.usuario))('POST', '/api/transferencias', transferBody(a.id))).body
      .transferencia as Transferencia;
    const [sup, adm] = [await as(A.users.supervisor), await as(A.users.admin)];
    const results = await Promise.all([
      sup('POST', `/api/transferencias/${t.id}/decisao`, { status: 'aprovada', version: t.version }),
      adm('POST', `/api/transferencias/${t.id}/decisao`, {
        status: 'rejeitada',
        comentariosAprovador: 'Outro destino.',
        version: t.version,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error.message).toMatch(/^Esta solicitação já foi (aprovada|rejeitada) por Pessoa Teste /);
    const winner = results.find((r) => r.status === 200)!.body.transferencia as Transferencia;
    const after = await asset(a.id);
    const lines = (action: string) => after.historico_movimentacao.filter((h) => h.action === action);
    expect(lines('Transferência')).toHaveLength(1);
    expect(lines('Movimentação')).toHaveLength(winner.status === 'aprovada' ? 2 : 0);
    expect(after.sectorId).toBe(winner.status === 'aprovada' ? dest.id : A.sector.id);
    expect(await auditRows('PATRIMONIO_MOVE', a.id)).toHaveLength(winner.status === 'aprovada' ? 1 : 0);
    const decisions = await db(
      "select 1 from audit_logs where action in ('TRANSFER_APPROVE', 'TRANSFER_REJECT') and entity_id = $1",
      [String(t.id)],
    );
    expect(decisions).toHaveLength(1);
    const toRequester = (await notificationsOf(A.users.usuario.id)).filter(
      (n) => n.link === `/bens-cadastrados/ver/${a.id}`,
    );
    expect(toRequester).toHaveLength(1);
  });

  it('two requests for the same asset at once: one is created', async () => {
    const a = await newAsset();
    const [adm, sup] = [await as(A.users.admin), await as(A.users.supervisor)];
    const results = await Promise.all([
      adm('POST', '/api/transferencias', transferBody(a.id)),
      sup('POST', '/api/transferencias', { patrimonioId: a.id, type: 'doacao', motivo: 'x', destinatario: 'ONG' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await countRequests(a.id)).toBe(1);
  });
});

describe('who reads what', () => {
  it('a usuario reads the requests of its sectors and its own; a visualizador reads all; another town none', async () => {
    const a = await newAsset();
    const t = (await (await as(A.users.admin))('POST', '/api/transferencias', transferBody(a.id))).body
      .transferencia as Transferencia;
    const ids = async (who: TestUser) =>
      ((await (await as(who))('GET', '/api/transferencias?pageSize=100')).body.transferencias as Transferencia[]).map(
        (x) => x.id,
      );
    expect(await ids(A.users.usuario)).toContain(t.id);
    expect(await ids(A.users.visualizador)).toContain(t.id);
    expect(await ids(stranger)).not.toContain(t.id);
    expect(await ids(B.users.admin)).toEqual([]);
    expect((await (await as(A.users.visualizador))('GET', `/api/transferencias/${t.id}`)).body.transferencia.id).toBe(
      t.id,
    );
    const hidden = await (await as(stranger))('GET', `/api/transferencias/${t.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Solicitação não encontrada.');
    expect((await (await as(B.users.admin))('GET', `/api/transferencias/${t.id}`)).status).toBe(404);
    // A usuario's own request stays theirs after they leave the sector.
    const mover = await newUser(s, { municipalityId: A.id, role: 'usuario', sectorIds: [A.sector.id] });
    const b = await newAsset();
    const own = (await (await as(mover))('POST', '/api/transferencias', transferBody(b.id))).body.transferencia;
    await db('delete from user_sectors where user_id = $1', [mover.id]);
    s.ctx.principals.forgetAll();
    expect(await ids(mover)).toEqual([own.id]);
  });
});
