import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_COUNT_CAP,
  auditActionLabel,
  auditEntityLabel,
  formatMoney,
  type AuditList,
  type AuditLog,
  type LiveEvent,
} from '@tombo/shared';
import {
  newAuditLog,
  newCatalogRow,
  newLocal,
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

// Issue 9, the activity log: readable entries (pt-BR names, the record's label and link, formatted
// changes), filters and paging, and the 'Atividade Recente' feed scoped to what the caller may see.

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let other: TestSector;
const as = async (u: TestUser) => client(s.url, await u.token());
const list = async (u: TestUser, query = ''): Promise<AuditList> => {
  const r = await (await as(u))('GET', `/api/audit-logs${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
/** The asset form of a municipality with an optional type (factory assets have none), `descricao_bem` labelled so. */
const assetForm = (municipalityId: number, descricaoLabel = 'Descrição do Bem') =>
  s.owner.query(
    `insert into asset_form_fields (municipality_id, key, label, type, required, is_custom, is_system, position)
     values ($1, 'descricao_bem', $2, 'TEXTAREA', true, false, true, 0), ($1, 'tipo', 'Tipo', 'TEXT', false, false, false, 1)`,
    [municipalityId, descricaoLabel],
  );
const recent = async (u: TestUser, limit = 20): Promise<AuditLog[]> => {
  const r = await (await as(u))('GET', `/api/audit-logs/recentes?limit=${limit}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.logs;
};

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  await assetForm(a.id);
  await assetForm(b.id);
  other = await newSector(s, a.id, { name: 'Almoxarifado Central' });
});
afterAll(() => s?.close());

describe('readable entries', () => {
  it('an asset change shows its number as a link, pt-BR field names and R$ / dd/MM/yyyy values', async () => {
    const admin = await as(a.users.admin);
    const p = await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id, valor: '100.00' });
    const r = await admin('PUT', `/api/patrimonios/${p.id}`, {
      valor_aquisicao: '3100.00',
      data_aquisicao: '2024-03-15',
      version: 0,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [log] = (await list(a.users.admin, '?action=PATRIMONIO_UPDATE')).logs;
    expect(log).toMatchObject({
      entityType: 'Patrimonio',
      entityId: String(p.id),
      entityLabel: p.numero,
      link: `/bens-cadastrados/ver/${p.id}`,
      sectorId: a.sector.id,
    });
    expect(log.changes).toEqual([
      { field: 'valor_aquisicao', label: 'Valor de Aquisição', from: formatMoney('100.00'), to: formatMoney('3100') },
      { field: 'data_aquisicao', label: 'Data de Aquisição', from: '—', to: '15/03/2024' },
    ]);
    expect(log.changes[0].to).toMatch(/^R\$\s3\.100,00$/);
    // The raw details stay as stored (spec §7: text or JSON of { old_value, new_value }).
    expect(JSON.parse(log.details!).new_value).toEqual({ valor_aquisicao: '3100.00', data_aquisicao: '2024-03-15' });
  });

  it("a custom field change carries the asset form's own label", async () => {
    const field = await newCatalogRow(s, a.id, 'asset_form_fields');
    const [{ key, label }] = await s.owner.query<{ key: string; label: string }>(
      'select key, label from asset_form_fields where id = $1',
      [field.id],
    );
    const p = await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id });
    const r = await (
      await as(a.users.admin)
    )('PUT', `/api/patrimonios/${p.id}`, { customFields: { [key]: 'Azul' }, version: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [log] = (await list(a.users.admin, '?action=PATRIMONIO_UPDATE')).logs;
    expect(log.changes).toEqual([{ field: `customFields.${key}`, label, from: '—', to: 'Azul' }]);
  });

  it('ids in details become names (a location moved to another sector); the label is the one of the time', async () => {
    const admin = await as(a.users.admin);
    const local = await newLocal(s, a.sector, { name: 'Sala de Reuniões' });
    const r = await admin('PUT', `/api/locais/${local.id}`, { sectorId: other.id, version: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await admin('PUT', `/api/locais/${local.id}`, { name: 'Sala Renomeada', version: r.body.version ?? 1 });
    const logs = (await list(a.users.admin, '?entityType=Local&action=LOCAL_UPDATE')).logs;
    const moved = logs.find((l) => l.changes.some((c) => c.field === 'sectorId'))!;
    expect(moved.entityLabel).toBe('Sala de Reuniões');
    expect(moved.changes).toContainEqual({
      field: 'sectorId',
      label: 'Setor',
      from: a.sector.name,
      to: 'Almoxarifado Central',
    });
    expect(moved.link).toBeNull();
    expect(logs[0].entityLabel).toBe('Sala Renomeada');
  });

  it('entries written without a label get the name now, or the one in their details once the record is gone', async () => {
    const forma = await newCatalogRow(s, a.id, 'formas_aquisicao');
    const [{ nome }] = await s.owner.query<{ nome: string }>(
      'select name as nome from formas_aquisicao where id = $1',
      [forma.id],
    );
    const who = await newUser(s, { municipalityId: a.id, role: 'visualizador', name: 'Rita Removida' });
    await s.owner.query('delete from users where id = $1', [who.id]);
    await newAuditLog(s, {
      municipalityId: a.id,
      action: 'FORMA_AQUISICAO_UPDATE',
      entityType: 'FormaAquisicao',
      entityId: forma.id,
      details: `Forma de Aquisição '${nome}' atualizada.`,
    });
    await newAuditLog(s, {
      municipalityId: a.id,
      action: 'USER_DELETE',
      entityType: 'User',
      entityId: who.id,
      details: JSON.stringify({ old_value: { name: 'Rita Removida', email: 'rita@x.gov.br', role: 'visualizador' } }),
    });
    await newAuditLog(s, { municipalityId: a.id, action: 'FUTURE_THING_DONE', entityType: 'FutureThing', entityId: 7 });
    const logs = (await list(a.users.admin, '?pageSize=3')).logs;
    expect(logs.map((l) => [l.action, l.entityLabel, l.link])).toEqual([
      ['FUTURE_THING_DONE', null, null],
      ['USER_DELETE', 'Rita Removida', null],
      ['FORMA_AQUISICAO_UPDATE', nome, null],
    ]);
    expect(logs[1].changes).toEqual([
      { field: 'name', label: 'Nome', from: 'Rita Removida', to: null },
      { field: 'email', label: 'E-mail', from: 'rita@x.gov.br', to: null },
      { field: 'role', label: 'Perfil', from: 'Visualizador', to: null },
    ]);
    expect(logs[2].changes).toEqual([]);
    // An unknown code reads humanized; never a crash.
    expect(auditActionLabel('FUTURE_THING_DONE')).toBe('Future thing done');
    expect(auditEntityLabel('FutureThing')).toBe('Future thing');
  });

  it('every action the server writes has a pt-BR name (a new one without a label fails here)', () => {
    const root = path.resolve(import.meta.dirname, '../../server/src');
    const files = fs.readdirSync(root, { recursive: true }).map(String);
    const codes = new Set<string>();
    for (const f of files.filter((x) => x.endsWith('.ts') && !x.endsWith('.test.ts'))) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      for (const m of text.matchAll(/action: ([^,\n]+)/g))
        for (const c of m[1].matchAll(/'([A-Z][A-Z_]+)'/g)) codes.add(c[1]);
      // Catalogue areas build their codes from a prefix and a verb.
      for (const m of text.matchAll(/action: `([A-Z_]+)\$\{action\}`/g))
        for (const v of text.matchAll(/recordChange\([^)]*?'([A-Z]+)'/g)) codes.add(m[1] + v[1]);
    }
    for (const v of ['ACTIVATE', 'DEACTIVATE']) codes.add(`FORMA_AQUISICAO_${v}`);
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((c) => !AUDIT_ACTION_LABELS[c])).toEqual([]);
    for (const c of ['TRANSFER_REQUEST', 'EMPRESTIMO_OVERDUE', 'DOCUMENT_CREATE', 'CLIENT_SYNC_FAIL'])
      expect(auditActionLabel(c)).not.toBe(c);
    expect(['Transferencia', 'Emprestimo', 'Documento', 'Patrimonio'].map(auditEntityLabel)).toEqual([
      'Transferência',
      'Empréstimo',
      'Documento',
      'Bem',
    ]);
  });
});

describe('filters and paging', () => {
  let t: TestTenant;
  let ana: TestUser;
  beforeAll(async () => {
    t = await newTenant(s);
    ana = await newUser(s, { municipalityId: t.id, role: 'supervisor', name: 'Ana Filtro' });
    // 120 entries by ana, one a minute back from 2024-06-30 12:00 BRT; 5 by the admin on 2024-06-01 02:30Z
    // (= 31/05 23:30 in Brasília); 3 sharing one instant.
    await newAuditLog(s, {
      municipalityId: t.id,
      userId: ana.id,
      userName: 'Ana Filtro',
      action: 'SECTOR_UPDATE',
      entityType: 'Sector',
      entityId: t.sector.id,
      createdAt: '2024-06-30T15:00:00Z',
      count: 120,
      step: 60,
    });
    await newAuditLog(s, {
      municipalityId: t.id,
      userId: t.users.admin.id,
      userName: 'Admin',
      action: 'PATRIMONIO_UPDATE',
      entityType: 'Patrimonio',
      entityId: t.asset.id,
      createdAt: '2024-06-01T02:30:00Z',
      count: 5,
      step: 1,
    });
    await newAuditLog(s, {
      municipalityId: t.id,
      action: 'LOGIN',
      entityType: 'User',
      entityId: ana.id,
      createdAt: '2024-05-20T12:00:00Z',
      count: 3,
      step: 0,
    });
  });

  it('by user, entity, action and period (Brasília days, both ends included), combined', async () => {
    const sup = t.users.supervisor;
    expect((await list(sup, `?userId=${ana.id}`)).total).toBe(120);
    expect((await list(sup, '?entityType=Patrimonio')).total).toBe(5);
    expect((await list(sup, '?action=LOGIN&to=2024-12-31')).total).toBe(3); // (the supervisor's own sign-in is today)
    expect((await list(sup, '?from=2024-06-01&to=2024-06-30')).total).toBe(120);
    expect((await list(sup, '?from=2024-05-31&to=2024-05-31')).total).toBe(5);
    // Sign-ins are left out unless asked for (issue 35: they buried the changes).
    expect((await list(sup, '?to=2024-05-31')).total).toBe(5);
    expect((await list(sup, '?to=2024-05-31&includeAccess=true')).total).toBe(8);
    expect((await list(sup, '?to=2024-05-31&includeAccess=false')).logs.map((l) => l.action)).not.toContain('LOGIN');
    expect((await list(sup, '?entityType=User&to=2024-12-31')).total).toBe(0);
    expect((await list(sup, '?entityType=User&to=2024-12-31&includeAccess=true')).total).toBe(3);
    expect((await list(sup, `?userId=${ana.id}&entityType=Patrimonio`)).total).toBe(0);
    expect((await list(sup, `?userId=${t.users.admin.id}&action=PATRIMONIO_UPDATE&from=2024-05-31`)).total).toBe(5);
    const day = await list(sup, `?userId=${ana.id}&from=2024-06-30&to=2024-06-30&pageSize=100`);
    expect(day.logs.every((l) => l.userId === ana.id && l.createdAt.startsWith('2024-06-30'))).toBe(true);
    expect(day.total).toBe(120);
    // Another municipality's entries never show, whatever the filter.
    expect((await list(b.users.admin, `?userId=${ana.id}`)).total).toBe(0);
  });

  it('pages of 50 by cursor, newest first, ties broken by id, nothing repeated or skipped', async () => {
    const sup = t.users.supervisor;
    const first = await list(sup, '?to=2024-12-31&includeAccess=true');
    expect(first).toMatchObject({ total: 128, totalIsEstimate: false, hasMore: true, page: 1, pageSize: 50 });
    const seen = [...first.logs];
    let page = first;
    while (page.hasMore) {
      page = await list(sup, `?to=2024-12-31&includeAccess=true&before=${page.logs[page.logs.length - 1].id}`);
      expect(page.page).toBeNull();
      seen.push(...page.logs);
    }
    expect(seen).toHaveLength(128);
    expect(new Set(seen.map((l) => l.id)).size).toBe(128);
    const keys = seen.map((l) => [Date.parse(l.createdAt), l.id]);
    for (let i = 1; i < keys.length; i++)
      expect(keys[i][0] < keys[i - 1][0] || (keys[i][0] === keys[i - 1][0] && keys[i][1] < keys[i - 1][1])).toBe(true);
    // Page numbers give the same pages.
    expect((await list(sup, '?to=2024-12-31&includeAccess=true&page=2')).logs.map((l) => l.id)).toEqual(
      seen.slice(50, 100).map((l) => l.id),
    );
  });

  it('counts exactly up to the cap, then says the total is an estimate', async () => {
    const big = await newTenant(s);
    await newAuditLog(s, {
      municipalityId: big.id,
      action: 'LOGIN',
      entityType: 'User',
      entityId: big.users.admin.id,
      count: AUDIT_COUNT_CAP + 500,
    });
    await s.owner.query('analyze audit_logs');
    const all = await list(big.users.admin, '?pageSize=10&includeAccess=true');
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(AUDIT_COUNT_CAP);
    expect(all.hasMore).toBe(true);
    const few = await list(big.users.admin, '?action=USER_UPDATE');
    expect(few).toMatchObject({ total: 0, totalIsEstimate: false, hasMore: false, logs: [] });
  });

  it('bad input: 400 with a pt-BR message, for every filter', async () => {
    const sup = await as(t.users.supervisor);
    const otherEntry = (await list(b.users.admin, '?pageSize=1&includeAccess=true')).logs[0];
    for (const [query, field] of [
      ['?from=2024-02-30', 'from'],
      ['?from=30/01/2024', 'from'],
      ['?to=ontem', 'to'],
      ['?from=2024-06-02&to=2024-06-01', 'to'],
      ['?userId=abc', 'userId'],
      ['?userId=0', 'userId'],
      ['?action=patrimonio_update', 'action'],
      ['?action=DROP%20TABLE', 'action'],
      ['?entityType=Bem%3B', 'entityType'],
      ['?sector=1', 'sector'],
      ['?foo=bar', 'foo'],
      ['?page=2&before=10', 'before'],
      [`?page=${AUDIT_COUNT_CAP / 50 + 1}`, 'page'],
      ['?before=abc', 'before'],
      [`?before=${otherEntry.id}`, 'before'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      ['?action=LOGIN&action=LOGOUT', 'action'],
      ['?includeAccess=sim', 'includeAccess'],
    ] as const) {
      const r = await sup('GET', `/api/audit-logs${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code, query).toBe('VALIDATION');
      expect(r.body.error.fields, query).toHaveProperty(field);
      expect(r.body.error.message, query).toMatch(/[àáâãçéêíóôõú]/);
    }
    for (const query of ['?limit=0', '?limit=21', '?limit=x', '?userId=1'])
      expect((await sup('GET', `/api/audit-logs/recentes${query}`)).status, query).toBe(400);
  });
});

describe("'Atividade Recente': each caller sees what they may", () => {
  let t: TestTenant;
  let s2: TestSector;
  beforeAll(async () => {
    t = await newTenant(s);
    await assetForm(t.id, 'Descrição do bem patrimonial');
    s2 = await newSector(s, t.id, { name: 'Obras' });
  });

  it('a usuario gets only entries about assets of their sectors; a visualizador all assets; admin everything', async () => {
    const admin = await as(t.users.admin);
    const mine = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });
    const theirs = await newPatrimonio(s, { municipalityId: t.id, sectorId: s2.id });
    expect((await admin('PUT', `/api/patrimonios/${mine.id}`, { descricao_bem: 'Mesa nova', version: 0 })).status).toBe(
      200,
    );
    expect(
      (await admin('PUT', `/api/patrimonios/${theirs.id}`, { descricao_bem: 'Betoneira', version: 0 })).status,
    ).toBe(200);
    expect((await admin('POST', '/api/sectors', { name: 'Cultura', code: 'CU' })).status).toBe(201);
    // b's activity never shows in t.
    await (
      await as(b.users.admin)
    )('PUT', `/api/patrimonios/${b.asset.id}`, { descricao_bem: 'De B', version: 0 });

    const usuario = await recent(t.users.usuario);
    expect(usuario.map((l) => [l.action, l.entityLabel, l.sectorId])).toEqual([
      ['PATRIMONIO_UPDATE', mine.numero, t.sector.id],
    ]);
    expect(usuario[0].changes).toEqual([
      {
        field: 'descricao_bem',
        label: 'Descrição do bem patrimonial', // the municipality's own form label
        from: `Bem de teste ${mine.numero}`,
        to: 'Mesa nova',
      },
    ]);
    const viewer = await recent(t.users.visualizador);
    expect(viewer.map((l) => l.entityLabel)).toEqual([theirs.numero, mine.numero]);
    const all = await recent(t.users.admin);
    // Everything: sign-ins (the usuario's and the visualizador's just now) and non-asset records too.
    expect(all.filter((l) => l.action !== 'LOGIN').map((l) => l.action)).toEqual(
      expect.arrayContaining(['SECTOR_CREATE', 'PATRIMONIO_UPDATE', 'PATRIMONIO_UPDATE']),
    );
    expect(all.some((l) => l.action === 'LOGIN' && l.entityLabel === 'Pessoa Teste usuario')).toBe(true);
    expect(all.every((l) => l.municipalityId === t.id)).toBe(true);
    // The full log stays for audit:read only.
    expect((await (await as(t.users.usuario))('GET', '/api/audit-logs')).status).toBe(403);
    expect((await (await as(t.users.visualizador))('GET', '/api/audit-logs/autores')).status).toBe(403);
  });

  it('a usuario of two sectors gets both, newest first, merged; one of none gets nothing', async () => {
    const both = await newUser(s, { municipalityId: t.id, role: 'usuario', sectorIds: [t.sector.id, s2.id] });
    const none = await newUser(s, { municipalityId: t.id, role: 'usuario', sectorIds: [] });
    const logs = await recent(both, 5);
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(logs.map((l) => l.sectorId))).toEqual(new Set([t.sector.id, s2.id]));
    const keys = logs.map((l) => Date.parse(l.createdAt));
    expect([...keys].sort((x, y) => y - x)).toEqual(keys);
    expect(await recent(none)).toEqual([]);
  });

  it('live: a usuario socket gets only its sectors’ entries, admins all of them, the same shape as the list', async () => {
    const admin = await as(t.users.admin);
    const usuarioSocket = await s.socket(await t.users.usuario.token());
    const adminSocket = await s.socket(await t.users.admin.token());
    const viewerSocket = await s.socket(await t.users.visualizador.token());
    const got: AuditLog[] = [];
    usuarioSocket.on('audit.created', (e: LiveEvent<AuditLog>) => got.push(e.data));
    const viewerGot: AuditLog[] = [];
    viewerSocket.on('audit.created', (e: LiveEvent<AuditLog>) => viewerGot.push(e.data));
    const theirs = await newPatrimonio(s, { municipalityId: t.id, sectorId: s2.id });
    const mine = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });
    const marker = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id });

    const adminSees = nextEvent<LiveEvent<AuditLog>>(adminSocket, 'audit.created');
    await admin('PUT', `/api/patrimonios/${theirs.id}`, { status: 'ocioso', version: 0 });
    expect((await adminSees).data).toMatchObject({ entityLabel: theirs.numero, sectorId: s2.id });
    await admin('POST', '/api/locais', { name: 'Depósito ao vivo', sectorId: t.sector.id });

    // Events reach a socket in the order they were sent: once `mine` arrived, anything before it had too.
    const usuarioSees = nextEvent<LiveEvent<AuditLog>>(usuarioSocket, 'audit.created');
    const viewerSees = new Promise<void>((resolve) =>
      viewerSocket.on('audit.created', (e: LiveEvent<AuditLog>) => e.data.entityLabel === mine.numero && resolve()),
    );
    await admin('PUT', `/api/patrimonios/${mine.id}`, { status: 'ocioso', version: 0 });
    const event = (await usuarioSees).data;
    await viewerSees;
    expect(got.map((l) => l.entityLabel)).toEqual([mine.numero]);
    expect(event.changes).toEqual([{ field: 'status', label: 'Status', from: 'Ativo', to: 'Ocioso' }]);
    expect((await recent(t.users.usuario, 1))[0]).toEqual(event);
    expect(viewerGot.map((l) => l.entityLabel)).toEqual([theirs.numero, mine.numero]);

    // A move to another sector: the entry belongs to the sector the asset went to (its usuarios lost sight of it).
    const moved = nextEvent<LiveEvent<AuditLog>>(adminSocket, 'audit.created');
    const r = await admin('PUT', `/api/patrimonios/${mine.id}`, { sectorId: s2.id, version: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await moved).data).toMatchObject({ action: 'PATRIMONIO_MOVE', sectorId: s2.id });
    const last = nextEvent<LiveEvent<AuditLog>>(usuarioSocket, 'audit.created');
    await admin('PUT', `/api/patrimonios/${marker.id}`, { descricao_bem: 'Marcador', version: 0 });
    expect((await last).data.entityLabel).toBe(marker.numero);
    expect(got.map((l) => [l.action, l.entityLabel])).toEqual([
      ['PATRIMONIO_UPDATE', mine.numero],
      ['PATRIMONIO_UPDATE', marker.numero],
    ]);
  });

  it('the author filter lists the municipality’s users, ids and names only', async () => {
    const r = await (await as(t.users.supervisor))('GET', '/api/audit-logs/autores');
    expect(r.status).toBe(200);
    const ids = r.body.authors.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(t.users).map((u) => u.id)));
    expect(ids).not.toContain(b.users.admin.id);
    expect(Object.keys(r.body.authors[0]).sort()).toEqual(['id', 'name']);
  });
});
