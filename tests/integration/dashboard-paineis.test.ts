import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUTS,
  type AdministracaoResumo,
  type DashboardLayoutResponse,
  type LiveEvent,
  type PendenciasStats,
} from '@tombo/shared';
import {
  newEmprestimo,
  newInventario,
  newPatrimonio,
  newSector,
  newTenant,
  newTransferencia,
  ownerQuery,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

// The role dashboards (issue 14): figures scoped per role (a usuario: its sectors only), and the
// per-user layout kept on the server (400 for what the role may not place, 409 on a stale version).

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const pend = async (u: TestUser) => (await (await as(u))('GET', '/api/dashboard/pendencias')).body as PendenciasStats;

describe('role dashboard figures', () => {
  it("'Pendências e Alertas': a usuario counts only its sectors, the admin the municipality, never another one", async () => {
    const [admin0, usuario0, viz0, vizinho0] = [
      await pend(A.users.admin),
      await pend(A.users.usuario),
      await pend(A.users.visualizador),
      await pend(B.users.admin),
    ];
    const other = await newSector(s, A.id);
    const mineAsset = await newPatrimonio(s, { municipalityId: A.id, sectorId: A.sector.id });
    const otherAsset = await newPatrimonio(s, { municipalityId: A.id, sectorId: other.id });
    await ownerQuery(s, "update patrimonios set status = 'em_manutencao' where id = any($1)", [
      [mineAsset.id, otherAsset.id],
    ]);
    const lent1 = await newPatrimonio(s, { municipalityId: A.id, sectorId: A.sector.id });
    const lent2 = await newPatrimonio(s, { municipalityId: A.id, sectorId: other.id });
    await newEmprestimo(s, lent1, { due: '2020-01-10' });
    await newEmprestimo(s, lent2, { due: '2020-01-10' });
    await newTransferencia(s, A); // from the usuario's sector
    await newInventario(s, A); // the usuario's sector
    // Another sector's inventory whose commission the usuario is not in.
    await newInventario(s, {
      ...A,
      sector: other,
      users: { ...A.users, usuario: A.users.visualizador },
    });

    const admin = await pend(A.users.admin);
    expect(admin.emManutencao - admin0.emManutencao).toBe(2);
    expect(admin.emprestimosAtrasados - admin0.emprestimosAtrasados).toBe(2);
    expect(admin.transferenciasPendentes - admin0.transferenciasPendentes).toBe(1);
    expect(admin.inventariosEmAndamento - admin0.inventariosEmAndamento).toBe(2);

    const usuario = await pend(A.users.usuario);
    expect(usuario.emManutencao - usuario0.emManutencao).toBe(1);
    expect(usuario.emprestimosAtrasados - usuario0.emprestimosAtrasados).toBe(1);
    expect(usuario.transferenciasPendentes - usuario0.transferenciasPendentes).toBe(1);
    expect(usuario.inventariosEmAndamento - usuario0.inventariosEmAndamento).toBe(1);

    // The visualizador reads the municipality's figures (read-only), the other municipality nothing of them.
    const viz = await pend(A.users.visualizador);
    expect(viz.emManutencao - viz0.emManutencao).toBe(2);
    expect(await pend(B.users.admin)).toEqual(vizinho0);
  });

  it('the role widgets: approvals and overdue loans for admin/supervisor, loans of its sectors for a usuario', async () => {
    const supervisor = await as(A.users.supervisor);
    const usuario = await as(A.users.usuario);
    const aprov = await supervisor('GET', '/api/dashboard/aprovacoes');
    expect(aprov.status).toBe(200);
    expect(aprov.body.total).toBeGreaterThanOrEqual(1);
    expect(aprov.body.items.every((t: { status: string }) => t.status === 'pendente')).toBe(true);
    expect((await usuario('GET', '/api/dashboard/aprovacoes')).status).toBe(403);

    const atrasados = await supervisor('GET', '/api/dashboard/emprestimos/atrasados');
    expect(atrasados.body.total).toBe(2);
    const meus = await usuario('GET', '/api/dashboard/emprestimos/abertos');
    expect(meus.body.total).toBe(1);
    expect(meus.body.atrasados).toBe(1);
    expect(meus.body.items.every((l: { sectorId: number }) => l.sectorId === A.sector.id)).toBe(true);

    const inv = await usuario('GET', '/api/dashboard/inventarios');
    expect(inv.body.items.every((i: { sectorId: number }) => i.sectorId === A.sector.id)).toBe(true);
    const sol = await usuario('GET', '/api/dashboard/minhas-solicitacoes');
    expect(sol.status).toBe(200);
    expect(sol.body.total).toBe(1);
    expect((await (await as(A.users.visualizador))('GET', '/api/dashboard/minhas-solicitacoes')).status).toBe(403);
  });

  it("the admin's widgets: locked users and failed jobs of its municipality only", async () => {
    await ownerQuery(s, "update users set lockout_until = now() + interval '1 hour' where id = $1", [
      A.users.visualizador.id,
    ]);
    await ownerQuery(s, "update users set lockout_until = now() - interval '1 hour' where id = $1", [
      A.users.usuario.id,
    ]);
    for (const t of [A, B])
      await ownerQuery(
        s,
        `insert into jobs (municipality_id, owner_id, name, title, payload, status, error, finished_at)
         values ($1, $2, 'export-patrimonios', $3, '{}', 'failed', 'Falhou', now())`,
        [t.id, t.users.supervisor.id, `Exportação ${t.id}`],
      );
    const r = await (await as(A.users.admin))('GET', '/api/dashboard/administracao');
    expect(r.status).toBe(200);
    const body = r.body as AdministracaoResumo;
    expect(body.usuariosBloqueados.map((u) => u.id)).toEqual([A.users.visualizador.id]);
    expect(body.tarefasComFalha).toBe(1);
    expect(body.falhas[0]).toMatchObject({ title: `Exportação ${A.id}`, ownerName: A.users.supervisor.name });
    expect((await (await as(A.users.supervisor))('GET', '/api/dashboard/administracao')).status).toBe(403);
    const vizinho = (await (await as(B.users.admin))('GET', '/api/dashboard/administracao')).body;
    expect(vizinho.tarefasComFalha).toBe(1);
    expect(vizinho.usuariosBloqueados).toEqual([]);
  });
});

describe('layouts saved per user', () => {
  it('reads the default, saves, refuses a stale version (409) and resets; pushed to the user only', async () => {
    const usuario = await as(A.users.usuario);
    const first = await usuario('GET', '/api/dashboard/layouts/usuario');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      painel: 'usuario',
      layout: DEFAULT_LAYOUTS.usuario,
      version: 0,
      personalizado: false,
    });

    const mine = await s.socket(await A.users.usuario.token());
    const theirs = await s.socket(await A.users.admin.token());
    let leaked = 0;
    theirs.on('dashboard.layout_changed', () => leaked++);
    const got = nextEvent<LiveEvent<DashboardLayoutResponse>>(mine, 'dashboard.layout_changed');
    const layout = [
      { id: 'type', size: 'grande' },
      { id: 'solicitacoes', size: 'pequeno' },
    ];
    const saved = await usuario('PUT', '/api/dashboard/layouts/usuario', { layout, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ painel: 'usuario', layout, version: 1, personalizado: true });
    expect((await got).data).toEqual(saved.body);

    // Another device reads the same; a write from a stale copy is refused and changes nothing.
    expect((await usuario('GET', '/api/dashboard/layouts/usuario')).body).toEqual(saved.body);
    const stale = await usuario('PUT', '/api/dashboard/layouts/usuario', { layout: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/outra sessão/);
    expect((await usuario('PUT', '/api/dashboard/layouts/usuario', { layout: [], version: 7 })).status).toBe(409);
    const again = await usuario('PUT', '/api/dashboard/layouts/usuario', { layout: layout.slice(1), version: 1 });
    expect(again.body.version).toBe(2);

    // Never visible to anybody else: the admin's own layouts stay the defaults.
    const admin = await as(A.users.admin);
    expect((await admin('GET', '/api/dashboard/layouts/principal')).body.personalizado).toBe(false);
    const other = await ownerQuery<{ user_id: number }>(
      s,
      'select user_id from dashboard_layouts where dashboard = $1',
      ['usuario'],
    );
    expect(other.map((r) => r.user_id)).toEqual([A.users.usuario.id]);

    const reset = await usuario('DELETE', '/api/dashboard/layouts/usuario');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ version: 0, personalizado: false, layout: DEFAULT_LAYOUTS.usuario });
    expect((await usuario('GET', '/api/dashboard/layouts/usuario')).body.version).toBe(0);
    expect(leaked).toBe(0);
  });

  it('400 for an unknown, repeated or not-allowed widget or a bad size; 403 for a dashboard of another role', async () => {
    const usuario = await as(A.users.usuario);
    const put = (body: unknown, painel = 'principal') => usuario('PUT', `/api/dashboard/layouts/${painel}`, body);
    const bad = [
      { layout: [{ id: 'xyz', size: 'medio' }], version: 0 },
      { layout: [{ id: 'stats', size: 'enorme' }], version: 0 },
      {
        layout: [
          { id: 'stats', size: 'medio' },
          { id: 'stats', size: 'grande' },
        ],
        version: 0,
      },
      { layout: [{ id: 'stats', size: 'medio', extra: 1 }], version: 0 },
      { layout: [{ id: 'bloqueados', size: 'medio' }], version: 0 },
      { layout: [{ id: 'stats', size: 'medio' }] },
    ];
    for (const body of bad) expect((await put(body)).status, JSON.stringify(body)).toBe(400);
    expect((await put({ layout: [{ id: 'bloqueados', size: 'medio' }], version: 0 })).body.error.message).toBe(
      'Este widget não está disponível para o seu perfil.',
    );
    expect((await usuario('GET', '/api/dashboard/layouts/admin')).status).toBe(403);
    expect((await put({ layout: [], version: 0 }, 'supervisor')).status).toBe(403);
    expect((await usuario('GET', '/api/dashboard/layouts/outro')).status).toBe(400);
    // The admin may open the supervisor dashboard and place its own widgets there.
    const admin = await as(A.users.admin);
    const sup = await admin('PUT', '/api/dashboard/layouts/supervisor', {
      layout: [{ id: 'bloqueados', size: 'pequeno' }],
      version: 0,
    });
    expect(sup.status).toBe(200);
    const rows = await ownerQuery(s, 'select 1 from dashboard_layouts where municipality_id = $1', [B.id]);
    expect(rows).toEqual([]);
  });
});
