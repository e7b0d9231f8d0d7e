import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job, LiveEvent, TermoVersao } from '@tombo/shared';
import { sweepTermos } from '../../server/src/modules/termos/jobs/termos-pending.handler';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfText } from '../support/pdf';
import {
  newEmprestimo,
  newLocal,
  newPatrimonio,
  newSector,
  newSectorWithLocais,
  newTransferencia,
  newUser,
  ownerQuery,
  world,
  type TestUser,
  type TestWorld,
} from '../support/factories';

// Custody terms (termos de responsabilidade, issue 11): issued on request, listed with every version,
// downloadable by anyone who sees the sector, and re-issued automatically after an approved transfer
// (both sectors) and a loan return.

// The sweep is driven by the test (sweepTermos), not by its timer: off before the job definitions load.
const sweepMs = vi.hoisted(() => {
  const was = process.env.TERMOS_SWEEP_MS;
  process.env.TERMOS_SWEEP_MS = '0';
  return was;
});

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
  if (sweepMs === undefined) delete process.env.TERMOS_SWEEP_MS;
  else process.env.TERMOS_SWEEP_MS = sweepMs;
});

const as = async (u: TestUser) => client(s.url, await u.token());
const squeeze = (t: string) => t.replace(/\s+/g, ' ');

async function download(u: TestUser, id: number) {
  const res = await fetch(`${s.url}/api/termos/${id}/download`, {
    headers: { authorization: `Bearer ${await u.token()}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}
async function versions(u: TestUser, setorId: number): Promise<TermoVersao[]> {
  const r = await (await as(u))('GET', `/api/termos?setorId=${setorId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.termos;
}
/** The sectors waiting for an automatic version (`termo_pending`), with their reasons. */
async function pendencias(...sectorIds: number[]) {
  return ownerQuery<{ sectorId: number; motivos: string[] }>(
    s,
    `select sector_id as "sectorId", reasons as motivos from termo_pending where sector_id = any($1::int[]) order by sector_id`,
    [sectorIds],
  );
}
/** One sweep run: pendencias become versions, which are rendered (waits for a sweep running elsewhere too). */
async function settle() {
  await sweepTermos(s.ctx);
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      `select (select count(*) from termo_versions where automatic and status in ('pending', 'rendering'))::int
            + (select count(*) from termo_pending)::int as n`,
    );
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('automatic term versions still pending');
}
async function issue(u: TestUser, body: Record<string, unknown>): Promise<{ job: Job; termo: TermoVersao }> {
  const r = await (await as(u))('POST', '/api/termos', body);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  const job = await waitJob(s, await u.token(), r.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return { job, termo: r.body.termo };
}

describe('POST /api/termos', () => {
  it('issues the term of a sector: number, version, holder, assets with total, Lei 4.320/64 art. 94, signatures', async () => {
    const sector = await newSector(s, w.A.id, { name: 'Secretaria de Obras' });
    const local = await newLocal(s, sector, { name: 'Sala 12' });
    const a1 = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: sector.id,
      localId: local.id,
      descricao: 'Notebook Dell',
      valor: '3500.10',
    });
    const a2 = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: sector.id,
      descricao: 'Mesa <L> & gaveteiro',
      valor: '1000.25',
    });
    await ownerQuery(
      s,
      `update patrimonios set custom_fields = '{"marca":"Dell","modelo":"Latitude 5440","numero_serie":"SN-77"}' where id = $1`,
      [a1.id],
    );
    await ownerQuery(s, `update patrimonios set estado_conservacao = 'bom' where id = $1`, [a1.id]);
    const { job, termo } = await issue(w.A.users.supervisor, { setorId: sector.id, responsavel: 'Maria da Silva' });
    expect(termo).toMatchObject({
      versao: 1,
      setorId: sector.id,
      responsavel: 'Maria da Silva',
      motivo: 'Emissão manual',
      itens: 2,
      total: '4500.35',
      automatico: false,
    });
    expect(termo.numero).toMatch(/^TR-\d{4}\/\d{6}$/);
    expect(job.name).toBe('termo.generate');
    const { bytes } = await jobDownload(s, await w.A.users.supervisor.token(), job.id);
    const text = squeeze((await pdfText(bytes)).join(' '));
    expect(text).toContain('Termo de Responsabilidade');
    expect(text).toContain(termo.numero);
    expect(text).toMatch(/Versão 1/);
    expect(text).toContain('Maria da Silva');
    expect(text).toContain('Secretaria de Obras');
    expect(text).toContain(a1.numero);
    expect(text).toContain(a2.numero);
    expect(text).toContain('Mesa <L> & gaveteiro');
    expect(text).toContain('Dell / Latitude 5440 / SN-77');
    expect(text).toContain('Sala 12');
    expect(text).toContain('Bom');
    expect(text).toMatch(/R\$ 4\.500,35/);
    expect(text).toContain('Lei nº 4.320');
    expect(text).toContain('art. 94');
    expect(text).toContain('Departamento de Patrimônio');
    // The version keeps its own file: downloadable by another user who sees the sector.
    const listed = await versions(w.A.users.admin, sector.id);
    expect(listed[0]).toMatchObject({ id: termo.id, status: 'ready' });
    const got = await download(w.A.users.visualizador, termo.id);
    expect(got.status).toBe(200);
    expect(got.type).toContain('application/pdf');
    expect(squeeze((await pdfText(got.bytes)).join(' '))).toContain(termo.numero);
  });

  it('a term narrowed to a location lists only its assets; the next issue keeps the number, version 2', async () => {
    const sector = await newSector(s, w.A.id);
    const sala = await newLocal(s, sector, { name: 'Sala da Diretoria' });
    const inside = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: sector.id,
      localId: sala.id,
      valor: '10.00',
    });
    const outside = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id, valor: '20.00' });
    const first = await issue(w.A.users.admin, { setorId: sector.id, localId: sala.id, responsavel: 'João Diretor' });
    expect(first.termo).toMatchObject({ localId: sala.id, localNome: 'Sala da Diretoria', itens: 1, total: '10.00' });
    const text = squeeze(
      (await pdfText((await jobDownload(s, await w.A.users.admin.token(), first.job.id)).bytes)).join(' '),
    );
    expect(text).toContain(inside.numero);
    expect(text).not.toContain(outside.numero);
    const second = await issue(w.A.users.admin, { setorId: sector.id, localId: sala.id });
    expect(second.termo).toMatchObject({ numero: first.termo.numero, versao: 2, responsavel: null });
    const whole = await issue(w.A.users.admin, { setorId: sector.id });
    expect(whole.termo.numero).not.toBe(first.termo.numero);
    expect(whole.termo).toMatchObject({ versao: 1, itens: 2, total: '30.00' });
  });

  it('400 bad input, 403 without permission, 404 another municipality or another sector for a usuario', async () => {
    const admin = await as(w.A.users.admin);
    const before = await ownerQuery(s, 'select count(*)::int as n from termo_versions');
    expect((await admin('POST', '/api/termos', {})).status).toBe(400);
    const bad = await admin('POST', '/api/termos', { setorId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('setorId');
    expect((await admin('POST', '/api/termos', { setorId: w.A.sector.id, responsavel: 'x'.repeat(121) })).status).toBe(
      400,
    );
    expect((await admin('POST', '/api/termos', { setorId: w.B.sector.id })).status).toBe(404);
    // A location of another sector.
    const other = await newSector(s, w.A.id);
    const otherLocal = await newLocal(s, other);
    expect((await admin('POST', '/api/termos', { setorId: w.A.sector.id, localId: otherLocal.id })).status).toBe(404);
    const usuario = await as(w.A.users.usuario);
    expect((await usuario('POST', '/api/termos', { setorId: other.id })).status).toBe(404);
    expect((await (await as(w.superuser))('POST', '/api/termos', { setorId: w.A.sector.id })).status).toBe(403);
    expect(await ownerQuery(s, 'select count(*)::int as n from termo_versions')).toEqual(before);
  });

  it('the usuario issues and reads the terms of their sectors only; other municipalities never see them', async () => {
    const { termo } = await issue(w.A.users.usuario, { setorId: w.A.sector.id });
    const mine = await versions(w.A.users.usuario, w.A.sector.id);
    expect(mine.map((t) => t.id)).toContain(termo.id);
    const other = await newSector(s, w.A.id);
    const { termo: hidden } = await issue(w.A.users.admin, { setorId: other.id });
    expect(await versions(w.A.users.usuario, other.id)).toEqual([]);
    const all = (await (await as(w.A.users.usuario))('GET', '/api/termos')).body.termos as TermoVersao[];
    expect(all.every((t) => t.setorId === w.A.sector.id)).toBe(true);
    expect((await download(w.A.users.usuario, hidden.id)).status).toBe(404);
    expect((await download(w.B.users.admin, termo.id)).status).toBe(404);
    expect(await versions(w.B.users.admin, w.A.sector.id)).toEqual([]);
  });
});

describe('automatic versions', () => {
  it('an approved transfer re-issues the terms of both sectors; earlier versions stay downloadable', async () => {
    const t = await newTransferencia(s, w.A);
    const [{ origem, destino, numero }] = await ownerQuery<{ origem: number; destino: number; numero: string }>(
      s,
      'select origin_sector_id as origem, destination_sector_id as destino, numero_patrimonio as numero from transferencias where id = $1',
      [t.id],
    );
    const before = await versions(w.A.users.admin, origem);
    const decider = await newUser(s, { municipalityId: w.A.id, role: 'supervisor', name: 'Ana Aprovadora' });
    const r = await (
      await as(decider)
    )('POST', `/api/transferencias/${t.id}/decisao`, { status: 'aprovada', version: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The approval only marked both sectors: no version, no number, no snapshot in its transaction.
    expect(await versions(w.A.users.admin, origem)).toEqual(before);
    expect(await pendencias(origem, destino)).toEqual(
      [origem, destino]
        .sort((a, b) => a - b)
        .map((sectorId) => ({ sectorId, motivos: [`Transferência aprovada do bem ${numero}`] })),
    );
    expect(await sweepTermos(s.ctx)).toEqual({ recorded: 2, rendered: 2 });
    expect(await pendencias(origem, destino)).toEqual([]);
    const origin = await versions(w.A.users.admin, origem);
    const dest = await versions(w.A.users.admin, destino);
    expect(origin.length).toBe(before.length + 1);
    expect(origin[0]).toMatchObject({
      status: 'ready',
      automatico: true,
      createdBy: 'Ana Aprovadora',
      motivo: `Transferência aprovada do bem ${numero}`,
    });
    expect(dest[0]).toMatchObject({ status: 'ready', versao: 1, itens: 1, automatico: true });
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      `select count(*)::int as n from patrimonios where sector_id = $1 and status <> 'baixado'`,
      [origem],
    );
    expect(origin[0].itens).toBe(n);
    const destPdf = squeeze((await pdfText((await download(w.A.users.visualizador, dest[0].id)).bytes)).join(' '));
    expect(destPdf).toContain(numero);
    expect(destPdf).toContain(dest[0].numero);
    const originPdf = squeeze((await pdfText((await download(w.A.users.usuario, origin[0].id)).bytes)).join(' '));
    expect(originPdf).not.toContain(numero);
    expect(originPdf).toContain(`Versão ${origin[0].versao}`);
    // Every earlier version of the origin's term is still there, with its own file.
    for (const v of origin.slice(1).filter((x) => x.numero === origin[0].numero)) {
      expect((await download(w.A.users.admin, v.id)).status).toBe(200);
    }
    // The audit row of each automatic version names the approver.
    const audits = await ownerQuery<{ sectorId: number; userName: string }>(
      s,
      `select sector_id as "sectorId", user_name as "userName" from audit_logs
        where action = 'TERMO_VERSION_AUTO' and sector_id = any($1::int[]) and entity_label = any($2::text[])`,
      [
        [origem, destino],
        [`${origin[0].numero} v${origin[0].versao}`, `${dest[0].numero} v${dest[0].versao}`],
      ],
    );
    expect(audits.map((a) => a.userName)).toEqual(['Ana Aprovadora', 'Ana Aprovadora']);
    // Nothing left: a second sweep does nothing.
    expect(await sweepTermos(s.ctx)).toEqual({ recorded: 0, rendered: 0 });
  });

  it('a location’s own term is re-issued when a transfer takes one of its assets; another location’s, unchanged, is not', async () => {
    const sector = await newSectorWithLocais(s, w.A.id, { locais: ['Sala 1', 'Sala 2'] });
    const [sala1, sala2] = sector.locais;
    const leaving = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id, localId: sala1.id });
    const staying = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id, localId: sala1.id });
    await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id, localId: sala2.id });
    const t1 = await issue(w.A.users.admin, { setorId: sector.id, localId: sala1.id });
    const t2 = await issue(w.A.users.admin, { setorId: sector.id, localId: sala2.id });
    const dest = await newSector(s, w.A.id);
    await ownerQuery(s, 'update patrimonios set transferencia_pendente = true where id = $1', [leaving.id]);
    const [t] = await ownerQuery<{ id: number }>(
      s,
      `insert into transferencias (municipality_id, patrimonio_id, numero_patrimonio, descricao_bem, type, reason,
                                   origin_sector_id, origin_sector_name, destination_sector_id,
                                   destination_sector_name, requester_id, requester_name)
       values ($1, $2, $3, 'Bem de teste', 'transferencia', 'Mudança', $4, $5, $6, $7, $8, 'Admin') returning id`,
      [w.A.id, leaving.id, leaving.numero, sector.id, sector.name, dest.id, dest.name, w.A.users.admin.id],
    );
    const r = await (
      await as(w.A.users.supervisor)
    )('POST', `/api/transferencias/${t.id}/decisao`, { status: 'aprovada', version: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The origin sector's term, Sala 1's term and the destination's term; not Sala 2's.
    expect(await sweepTermos(s.ctx)).toEqual({ recorded: 3, rendered: 3 });
    const all = await versions(w.A.users.admin, sector.id);
    const ofSala = (id: number) => all.filter((v) => v.localId === id);
    expect(ofSala(sala2.id).map((v) => v.versao)).toEqual([1]);
    const [latest] = ofSala(sala1.id);
    expect(latest).toMatchObject({
      numero: t1.termo.numero,
      versao: 2,
      itens: 1,
      automatico: true,
      status: 'ready',
      localNome: 'Sala 1',
      motivo: `Transferência aprovada do bem ${leaving.numero}`,
    });
    expect(t2.termo.numero).not.toBe(t1.termo.numero);
    const pdf = squeeze((await pdfText((await download(w.A.users.admin, latest.id)).bytes)).join(' '));
    expect(pdf).toContain(staying.numero);
    expect(pdf).not.toContain(leaving.numero);
  });

  it('two quick transfers out of one sector make one version of its term, whose reason lists both assets', async () => {
    const t1 = await newTransferencia(s, w.A);
    const t2 = await newTransferencia(s, w.A);
    const rows = await ownerQuery<{ origem: number; destino: number; numero: string }>(
      s,
      `select origin_sector_id as origem, destination_sector_id as destino, numero_patrimonio as numero
         from transferencias where id = any($1::int[]) order by id`,
      [[t1.id, t2.id]],
    );
    const origem = rows[0].origem;
    expect(rows[1].origem).toBe(origem);
    const before = await versions(w.A.users.admin, origem);
    const admin = await as(w.A.users.admin);
    for (const t of [t1, t2]) {
      const r = await admin('POST', `/api/transferencias/${t.id}/decisao`, { status: 'aprovada', version: 0 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await pendencias(origem)).toEqual([
      { sectorId: origem, motivos: rows.map((x) => `Transferência aprovada do bem ${x.numero}`) },
    ]);
    await settle();
    const origin = await versions(w.A.users.admin, origem);
    expect(origin.length).toBe(before.length + 1);
    expect(origin[0]).toMatchObject({ status: 'ready', automatico: true });
    expect(origin[0].motivo).toContain(rows[0].numero);
    expect(origin[0].motivo).toContain(rows[1].numero);
    if (before[0]) expect(origin[0]).toMatchObject({ numero: before[0].numero, versao: before[0].versao + 1 });
    // The snapshot is taken after both approvals: neither asset is listed any more; the reason names both.
    const [{ listed }] = await ownerQuery<{ listed: string[] }>(
      s,
      `select array(select jsonb_array_elements(items)->>'numero') as listed from termo_versions where id = $1`,
      [origin[0].id],
    );
    expect(listed).not.toContain(rows[0].numero);
    expect(listed).not.toContain(rows[1].numero);
    const text = squeeze((await pdfText((await download(w.A.users.admin, origin[0].id)).bytes)).join(' '));
    expect(text).toContain(`Versão ${origin[0].versao}`);
    // Each destination gets its own version, with its asset.
    for (const x of rows) expect(await versions(w.A.users.admin, x.destino)).toMatchObject([{ versao: 1, itens: 1 }]);
  });

  it('a pendencia left by a committed approval (the process died before any sweep) becomes a version at the next run', async () => {
    const t = await newTransferencia(s, w.A);
    const [{ destino, numero }] = await ownerQuery<{ destino: number; numero: string }>(
      s,
      'select destination_sector_id as destino, numero_patrimonio as numero from transferencias where id = $1',
      [t.id],
    );
    const r = await (
      await as(w.A.users.admin)
    )('POST', `/api/transferencias/${t.id}/decisao`, { status: 'aprovada', version: 0 });
    expect(r.status).toBe(200);
    // What a crash right after the commit leaves: the committed pendencia, and no version.
    expect(await pendencias(destino)).toEqual([
      { sectorId: destino, motivos: [`Transferência aprovada do bem ${numero}`] },
    ]);
    expect(await versions(w.A.users.admin, destino)).toEqual([]);
    // The next run (a new process) records and renders it.
    await settle();
    expect(await pendencias(destino)).toEqual([]);
    expect(await versions(w.A.users.admin, destino)).toMatchObject([
      { versao: 1, itens: 1, status: 'ready', automatico: true, motivo: `Transferência aprovada do bem ${numero}` },
    ]);
  });

  it('a loan return re-issues the term of the asset’s sector', async () => {
    const sector = await newSector(s, w.A.id);
    const asset = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id, valor: '50.00' });
    const first = await issue(w.A.users.admin, { setorId: sector.id, responsavel: 'Carlos Chefe' });
    const loan = await newEmprestimo(s, asset);
    const r = await (
      await as(w.A.users.admin)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'regular',
      version: loan.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await settle();
    const list = await versions(w.A.users.admin, sector.id);
    expect(list[0]).toMatchObject({
      numero: first.termo.numero,
      versao: 2,
      responsavel: 'Carlos Chefe',
      status: 'ready',
      automatico: true,
      motivo: `Devolução de empréstimo do bem ${asset.numero}`,
    });
    const text = squeeze((await pdfText((await download(w.A.users.admin, list[0].id)).bytes)).join(' '));
    expect(text).toContain('Regular');
    expect(text).toMatch(/Versão 2/);
    expect((await download(w.A.users.admin, first.termo.id)).status).toBe(200);
  });

  it('a rejected transfer records no version', async () => {
    const t = await newTransferencia(s, w.A);
    const n = await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from termo_versions');
    const r = await (
      await as(w.A.users.admin)
    )('POST', `/api/transferencias/${t.id}/decisao`, {
      status: 'rejeitada',
      comentariosAprovador: 'Fica onde está.',
      version: 0,
    });
    expect(r.status).toBe(200);
    const [{ destino }] = await ownerQuery<{ destino: number }>(
      s,
      'select destination_sector_id as destino from transferencias where id = $1',
      [t.id],
    );
    expect(await pendencias(w.A.sector.id, destino)).toEqual([]);
    await settle();
    expect(await ownerQuery(s, 'select count(*)::int as n from termo_versions')).toEqual(n);
  });

  it('the usuario of the sector hears the new version live; another sector’s usuario does not', async () => {
    const sector = await newSector(s, w.A.id);
    const asset = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id });
    const mine = await newUser(s, { municipalityId: w.A.id, role: 'usuario', sectorIds: [sector.id] });
    const socket = await s.socket(await mine.token());
    const other = await s.socket(await w.A.users.usuario.token());
    const heardByOther: unknown[] = [];
    other.on('termo.changed', (e) => heardByOther.push(e));
    const heard = nextEvent<LiveEvent<TermoVersao>>(socket, 'termo.changed', 20_000);
    const loan = await newEmprestimo(s, asset);
    const r = await (
      await as(w.A.users.admin)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: loan.version,
    });
    expect(r.status).toBe(200);
    await settle();
    const e = await heard;
    expect(e.data).toMatchObject({ setorId: sector.id, versao: 1, automatico: true });
    expect(heardByOther.filter((x) => (x as LiveEvent<TermoVersao>).data.setorId === sector.id)).toEqual([]);
  });

  it('a version whose rendering was abandoned (the process died) is claimed again and rendered once', async () => {
    const sector = await newSector(s, w.A.id);
    await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id });
    const loanAsset = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sector.id });
    const loan = await newEmprestimo(s, loanAsset);
    await (
      await as(w.A.users.admin)
    )('POST', `/api/emprestimos/${loan.id}/devolucao`, {
      estadoDevolucao: 'bom',
      version: loan.version,
    });
    await settle();
    const [v] = await versions(w.A.users.admin, sector.id);
    // As if a sweep had claimed it and died 11 minutes ago, before writing the file.
    await ownerQuery(
      s,
      `update termo_versions set status = 'rendering', file_path = null, claimed_at = now() - interval '11 minutes' where id = $1`,
      [v.id],
    );
    expect((await download(w.A.users.admin, v.id)).status).toBe(409);
    await settle();
    const [again] = await versions(w.A.users.admin, sector.id);
    expect(again).toMatchObject({ id: v.id, status: 'ready' });
    expect((await download(w.A.users.admin, v.id)).status).toBe(200);
  });
});
