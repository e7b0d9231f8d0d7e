import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { DOCUMENT_MSG, type GeneralDocument, type LiveEvent, type Notification } from '@tombo/shared';
import { EXECUTABLE_MSG, UPLOAD_MSG } from '../../server/src/uploads';
import { newDocument, newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let uploader: TestUser;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 1)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(600, 0)]);

const as = async (u: TestUser) => client(s.url, await u.token());

/** POSTs a multipart body to /api/documentos; `build` may add other parts. */
async function upload(u: TestUser, bytes: Buffer | null, name = 'arquivo.pdf', build?: (f: FormData) => void) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  build?.(form);
  const res = await fetch(`${s.url}/api/documentos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await u.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const download = async (u: TestUser, url: string) =>
  fetch(`${s.url}${url}`, { headers: { authorization: `Bearer ${await u.token()}` } });

const filesDir = () => path.join(s.ctx.config.dataDir, 'files', 'documentos');
const storedFiles = () =>
  fs.existsSync(filesDir())
    ? fs.readdirSync(filesDir(), { recursive: true }).filter((f) => /\.\w+$/.test(String(f)))
    : [];
const tmpLeft = () => {
  const dir = path.join(s.ctx.config.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const rows = async () => Number((await s.owner.query<{ n: string }>('select count(*) as n from documents'))[0].n);
const notificationCount = async () =>
  Number((await s.owner.query<{ n: string }>("select count(*) as n from notifications where type = 'document'"))[0].n);
const audits = (action: string, id: number) =>
  s.owner.query<{ municipality_id: number; user_id: number; entity_type: string; details: string }>(
    'select municipality_id, user_id, entity_type, details from audit_logs where action = $1 and entity_id = $2',
    [action, String(id)],
  );

/** What must stay the same after a refused request: rows, stored files, temp files, notifications. */
async function snapshot() {
  return { rows: await rows(), files: storedFiles().length, tmp: tmpLeft(), notifications: await notificationCount() };
}

async function zipOf(entries: Record<string, string>, stored: string[] = []): Promise<Buffer> {
  const z = new JSZip();
  for (const [name, text] of Object.entries(entries))
    z.file(name, text, { compression: stored.includes(name) ? 'STORE' : 'DEFLATE' });
  return z.generateAsync({ type: 'nodebuffer' });
}
const DOCX = () =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document/>',
  });
const ODT = () =>
  zipOf({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document/>' }, ['mimetype']);

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  uploader = await newUser(s, { municipalityId: a.id, role: 'admin', name: 'Ana Lúcia Prado' });
});
afterAll(() => s?.close());

describe('general documents (spec §3 General document, §6, §8)', () => {
  it('an admin uploads a PDF; every role of the municipality lists and downloads the same bytes', async () => {
    const name = 'Relatório de gestão – 2025 "final".pdf';
    const r = await upload(uploader, PDF, name);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const doc = r.body as GeneralDocument;
    expect(doc).toEqual({
      id: expect.any(Number),
      fileName: 'Relatório de gestão – 2025 _final_.pdf',
      fileUrl: `/api/documentos/${doc.id}/arquivo`,
      fileSize: PDF.length,
      fileType: 'application/pdf',
      uploadedAt: expect.any(String),
      uploadedBy: { id: uploader.id, name: 'Ana Lúcia Prado' },
      municipalityId: a.id,
    });
    expect(Date.now() - Date.parse(doc.uploadedAt)).toBeLessThan(60_000);
    expect(storedFiles()).toHaveLength(1);
    expect(tmpLeft()).toBe(0);

    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const list = await (await as(a.users[role]))('GET', '/api/documentos');
      expect(list.status, role).toBe(200);
      expect(list.body.documents[0], role).toEqual(doc);
      const got = await download(a.users[role], doc.fileUrl);
      expect(got.status, role).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      const disposition = got.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(doc.fileName);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    }
    expect((await fetch(`${s.url}${doc.fileUrl}`)).status).toBe(401);

    const [row] = await audits('DOCUMENT_CREATE', doc.id);
    expect(row).toMatchObject({ municipality_id: a.id, user_id: uploader.id, entity_type: 'Documento' });
    expect(JSON.parse(row.details).new_value).toMatchObject({ fileName: doc.fileName, fileSize: PDF.length });
  });

  it('notifies everyone else of the municipality with the exact texts, not the uploader nor another municipality', async () => {
    const inbox = async (u: TestUser) =>
      ((await (await as(u))('GET', '/api/notificacoes')).body.notifications as Notification[]).filter(
        (n) => n.type === 'document',
      );
    const before = await inbox(a.users.usuario);
    const r = await upload(uploader, PDF, 'Edital 12-2025.pdf');
    expect(r.status).toBe(201);
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const mine = await inbox(a.users[role]);
      expect(mine[0], role).toMatchObject({
        userId: a.users[role].id,
        title: 'Novo Documento Disponível',
        description: 'Ana Lúcia Prado adicionou o documento "Edital 12-2025.pdf".',
        type: 'document',
        link: '/ferramentas/documentos',
        isRead: false,
      });
    }
    expect((await inbox(a.users.usuario)).length).toBe(before.length + 1);
    expect(await inbox(uploader)).toEqual([]);
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const)
      expect(await inbox(b.users[role]), `B's ${role}`).toEqual([]);
  });

  it('live: the whole municipality sees document.created / document.deleted; another municipality nothing', async () => {
    const watcher = await s.socket(await a.users.visualizador.token());
    const theirs = await s.socket(await b.users.admin.token());
    const leaked: string[] = [];
    for (const name of ['document.created', 'document.deleted', 'notification.created'] as const)
      theirs.on(name, () => leaked.push(name));
    const created = nextEvent<LiveEvent<GeneralDocument>>(watcher, 'document.created');
    const told = nextEvent<LiveEvent<Notification>>(watcher, 'notification.created');
    const r = await upload(uploader, PDF, 'Ata da reunião.pdf');
    const event = await created;
    expect(event.data).toEqual(r.body);
    expect(event.actor).toEqual({ id: uploader.id, name: 'Ana Lúcia Prado' });
    expect((await told).data.description).toBe('Ana Lúcia Prado adicionou o documento "Ata da reunião.pdf".');

    const deleted = nextEvent<LiveEvent<{ id: number }>>(watcher, 'document.deleted');
    expect((await (await as(a.users.supervisor))('DELETE', `/api/documentos/${r.body.id}`)).status).toBe(204);
    expect((await deleted).data).toEqual({ id: r.body.id });

    // B's socket is live: its own upload arrives, after anything of A's would have
    const marker = nextEvent(theirs, 'document.created');
    expect((await upload(b.users.admin, PDF, 'Marcador.pdf')).status).toBe(201);
    await marker;
    expect(leaked).toEqual(['document.created']);
  });

  it('a supervisor deletes: the row, then the stored file after the commit; an audit row', async () => {
    const r = await upload(a.users.admin, PDF, 'Para excluir.pdf');
    const files = storedFiles().length;
    const del = await (await as(a.users.supervisor))('DELETE', `/api/documentos/${r.body.id}`);
    expect(del.status).toBe(204);
    expect(storedFiles()).toHaveLength(files - 1);
    expect((await download(a.users.admin, r.body.fileUrl)).status).toBe(404);
    const list = await (await as(a.users.admin))('GET', '/api/documentos');
    expect(list.body.documents.map((d: GeneralDocument) => d.id)).not.toContain(r.body.id);
    const [row] = await audits('DOCUMENT_DELETE', r.body.id);
    expect(row).toMatchObject({ municipality_id: a.id, user_id: a.users.supervisor.id, entity_type: 'Documento' });
    expect(JSON.parse(row.details).old_value).toMatchObject({ fileName: 'Para excluir.pdf' });
    expect((await (await as(a.users.supervisor))('DELETE', `/api/documentos/${r.body.id}`)).status).toBe(404);
  });

  it('accepts what a city hall shares, typed from the bytes: DOCX, XLSX, ODT, PNG, CSV (UTF-8 and Windows-1252)', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Bens').addRow(['Número', 'Descrição']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const cases: Array<[Buffer, string, string]> = [
      [await DOCX(), 'Ofício.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [xlsx, 'Inventário.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [await ODT(), 'Memorando.odt', 'application/vnd.oasis.opendocument.text'],
      [png, 'Planta baixa.PNG', 'image/png'],
      [Buffer.from('número;descrição\n1;Cadeira\n', 'utf8'), 'bens.csv', 'text/csv; charset=utf-8'],
      [
        Buffer.from('n\u00famero;descri\u00e7\u00e3o\r\n', 'latin1'),
        'bens-excel.csv',
        'text/csv; charset=windows-1252',
      ],
      [Buffer.from('Lembrete: reunião às 14h.\n'), 'lembrete.txt', 'text/plain; charset=utf-8'],
    ];
    for (const [bytes, name, type] of cases) {
      const r = await upload(a.users.supervisor, bytes, name);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body.fileType, name).toBe(type);
      const got = await download(a.users.usuario, r.body.fileUrl);
      expect(got.headers.get('content-type'), name).toBe(type);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes), name).toBe(true);
    }
  });

  it('lists newest first, searches the name (accents and case aside), pages on the server', async () => {
    const t = await newTenant(s);
    for (const name of ['Licitação 01.pdf', 'Contrato 02.pdf', 'LICITACAO 03.pdf', 'Ata 04.pdf', '100%_certo.pdf'])
      expect((await upload(t.users.admin, PDF, name)).status).toBe(201);
    const api = await as(t.users.visualizador);
    const all = await api('GET', '/api/documentos?pageSize=2');
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(all.body.documents.map((d: GeneralDocument) => d.fileName)).toEqual(['100%_certo.pdf', 'Ata 04.pdf']);
    const p3 = await api('GET', '/api/documentos?pageSize=2&page=3');
    expect(p3.body.documents.map((d: GeneralDocument) => d.fileName)).toEqual(['Licitação 01.pdf']);
    const found = await api('GET', `/api/documentos?search=${encodeURIComponent('licitação')}`);
    expect(found.body.total).toBe(2);
    expect(found.body.documents.map((d: GeneralDocument) => d.fileName)).toEqual([
      'LICITACAO 03.pdf',
      'Licitação 01.pdf',
    ]);
    expect(
      (await api('GET', '/api/documentos?search=%25_')).body.documents.map((d: GeneralDocument) => d.fileName),
    ).toEqual(['100%_certo.pdf']);
    expect((await api('GET', '/api/documentos?search=inexistente')).body).toMatchObject({ total: 0, documents: [] });
  });

  it("keeps the uploader's name when their account is deleted", async () => {
    const t = await newTenant(s);
    const gone = await newUser(s, { municipalityId: t.id, role: 'supervisor', name: 'Bruno Saída' });
    const r = await upload(gone, PDF, 'Herança.pdf');
    await s.owner.query('delete from users where id = $1', [gone.id]);
    const list = await (await as(t.users.usuario))('GET', '/api/documentos');
    expect(list.body.documents[0]).toMatchObject({ id: r.body.id, uploadedBy: { id: null, name: 'Bruno Saída' } });
  });
});

describe('bad input: refused with a pt-BR message, nothing changed', () => {
  it('a disguised executable (MZ named .pdf, ELF named .txt) → 415', async () => {
    const before = await snapshot();
    for (const [bytes, name] of [
      [MZ, 'Relatório.pdf'],
      [ELF, 'leia-me.txt'],
      [MZ, 'planilha.xlsx'],
    ] as const) {
      const r = await upload(a.users.admin, bytes, name);
      expect(r.status, name).toBe(415);
      expect(r.body.error).toMatchObject({ code: 'UNPROCESSABLE', message: EXECUTABLE_MSG });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a type not allowed, a plain zip named .docx, binary named .txt, or a name that lies → 415', async () => {
    const before = await snapshot();
    const cases: Array<[Buffer, string, string]> = [
      [await zipOf({ 'a.txt': 'oi' }), 'Ofício.docx', DOCUMENT_MSG.notAllowed],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41, 0x42]), 'dados.txt', DOCUMENT_MSG.notAllowed],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        DOCUMENT_MSG.notAllowed,
      ],
      [Buffer.from('texto sem extensão'), 'sem-extensao', DOCUMENT_MSG.notAllowed],
      [PDF, 'Contrato.docx', DOCUMENT_MSG.typeMismatch],
      [await DOCX(), 'Contrato.pdf', DOCUMENT_MSG.typeMismatch],
    ];
    for (const [bytes, name, message] of cases) {
      const r = await upload(a.users.admin, bytes, name);
      expect(r.status, name).toBe(415);
      expect(r.body.error.message, name).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('too large → 413', async () => {
    const before = await snapshot();
    const r = await upload(a.users.admin, Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), 'grande.pdf');
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'TOO_LARGE', message: DOCUMENT_MSG.tooLarge });
    expect(await snapshot()).toEqual(before);
  });

  it('no file, an empty file, a second file, unknown fields or a JSON body → 400', async () => {
    const before = await snapshot();
    const none = await upload(a.users.admin, null);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(UPLOAD_MSG.missing);
    const empty = await upload(a.users.admin, Buffer.alloc(0), 'vazio.pdf');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(UPLOAD_MSG.empty);
    const field = await upload(a.users.admin, PDF, 'a.pdf', (f) => f.append('municipalityId', String(b.id)));
    expect(field.status).toBe(400);
    expect(field.body.error.message).toBe(UPLOAD_MSG.unknownField);
    const fieldFirst = await upload(a.users.admin, null, '', (f) => {
      f.append('uploadedBy', '1');
      f.append('file', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    });
    expect(fieldFirst.status).toBe(400);
    expect(fieldFirst.body.error.message).toBe(UPLOAD_MSG.unknownField);
    const otherFile = await upload(a.users.admin, null, '', (f) => f.append('arquivo', new Blob([PDF]), 'a.pdf'));
    expect(otherFile.status).toBe(400);
    expect(otherFile.body.error.fields).toEqual({ arquivo: 'Campo não permitido.' });
    const two = await upload(a.users.admin, PDF, 'a.pdf', (f) => f.append('file', new Blob([PDF]), 'b.pdf'));
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe(UPLOAD_MSG.oneFile);
    const json = await (await as(a.users.admin))('POST', '/api/documentos', { fileName: 'x.pdf' });
    expect(json.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('upload or delete by usuario / visualizador → 403', async () => {
    const doc = await newDocument(s, a.id);
    const before = await snapshot();
    for (const role of ['usuario', 'visualizador'] as const) {
      const up = await upload(a.users[role], PDF, 'x.pdf');
      expect(up.status, role).toBe(403);
      expect(up.body.error.message).toBe('Você não tem permissão para esta ação.');
      expect((await (await as(a.users[role]))('DELETE', `/api/documentos/${doc.id}`)).status, role).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another municipality's document → 404 on download and delete, row and file kept", async () => {
    const theirs = await upload(b.users.admin, PDF, 'Só do B.pdf');
    const before = await snapshot();
    const dl = await download(a.users.admin, theirs.body.fileUrl);
    expect(dl.status).toBe(404);
    const del = await (await as(a.users.admin))('DELETE', `/api/documentos/${theirs.body.id}`);
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);
    expect((await download(b.users.visualizador, theirs.body.fileUrl)).status).toBe(200);
    const listA = await (await as(a.users.admin))('GET', '/api/documentos?pageSize=100');
    expect(listA.body.documents.map((d: GeneralDocument) => d.id)).not.toContain(theirs.body.id);
  });

  it('an out-of-range or malformed id, or a bad query → 400', async () => {
    const api = await as(a.users.admin);
    for (const id of ['99999999999', '0', '-1', 'abc', '1.5']) {
      expect((await api('DELETE', `/api/documentos/${id}`)).status, id).toBe(400);
      expect((await api('GET', `/api/documentos/${id}/arquivo`)).status, id).toBe(400);
    }
    expect((await api('GET', '/api/documentos?pageSize=1000')).status).toBe(400);
    expect((await api('GET', '/api/documentos?page=0')).status).toBe(400);
    expect((await api('GET', '/api/documentos?ordem=nome')).status).toBe(400);
    expect((await api('GET', `/api/documentos?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('a stored file that went missing → 404 with its own message', async () => {
    const doc = await newDocument(s, a.id);
    const r = await download(a.users.usuario, `/api/documentos/${doc.id}/arquivo`);
    expect(r.status).toBe(404);
    expect((await r.json()).error.message).toBe(DOCUMENT_MSG.fileGone);
  });

  it('an upload whose transaction fails leaves no file, no row, no notification, no event', async () => {
    await s.owner.query(`create function documents_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'recusado pelo teste'; end $$`);
    await s.owner.query(
      'create trigger documents_refuse before insert on documents for each row execute function documents_refuse()',
    );
    const watcher = await s.socket(await a.users.visualizador.token());
    let events = 0;
    watcher.on('document.created', () => events++);
    try {
      const before = await snapshot();
      const r = await upload(a.users.admin, PDF, 'Falha.pdf');
      expect(r.status).toBe(500);
      expect(await snapshot()).toEqual(before);
    } finally {
      await s.owner.query('drop trigger documents_refuse on documents');
      await s.owner.query('drop function documents_refuse()');
    }
    const marker = nextEvent(watcher, 'document.created');
    expect((await upload(a.users.admin, PDF, 'Depois.pdf')).status).toBe(201);
    await marker;
    expect(events).toBe(1);
  });
});
