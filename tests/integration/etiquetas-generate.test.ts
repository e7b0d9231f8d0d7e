import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOrigin, publicAssetPath, sheetGeometry, type LabelTemplate } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { decodeCodes, pdfPageSizeMm, pdfText, pdfToPngs } from '../support/pdf';
import { newPatrimonio, newSector, newUser, ownerQuery, world, type TestWorld } from '../support/factories';

// POST /api/etiquetas → labels.generate (issue 11): sheets measured on the rendered page, every QR decoded
// back to its public URL, thermal pages, ZPL / EPL text, the usuario's sectors, and the 400s.

const run = promisify(execFile);
let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
const numeros: string[] = [];
const ids: number[] = [];
let cellTemplate: LabelTemplate;
let otherSectorAsset = { id: 0, numero: '' };

/**
 * A template the size of a Pimaco A4260 cell: QR 26 mm at (4, 4), number and description on the right,
 * a barcode below (y ≥ 31 mm): the QR is measured in a window that holds nothing else.
 */
const a4260Template = {
  name: 'Medição A4260',
  width: 63.5,
  height: 38.1,
  isDefault: false,
  elements: [
    { id: 'q', type: 'QRCODE', x: 4, y: 4, width: 26, height: 26 },
    {
      id: 'n',
      type: 'PATRIMONIO_FIELD',
      x: 33,
      y: 4,
      width: 28,
      height: 8,
      content: 'numero_patrimonio',
      fontSize: 9,
      fontWeight: 'bold',
    },
    { id: 'd', type: 'PATRIMONIO_FIELD', x: 33, y: 14, width: 28, height: 12, content: 'descricao', fontSize: 6 },
    { id: 'b', type: 'BARCODE', x: 4, y: 31, width: 56, height: 6 },
  ],
};

const urlOf = (numero: string, municipalityId: number) => s.ctx.config.appUrl + publicAssetPath(numero, municipalityId);

async function generate(token: string, body: Record<string, unknown>) {
  const api = client(s.url, token);
  const r = await api('POST', '/api/etiquetas', body);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  expect(r.body.job.name).toBe('labels.generate');
  const job = await waitJob(s, token, r.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const { res, bytes } = await jobDownload(s, token, job.id);
  expect(res.status).toBe(200);
  return { bytes, fileName: job.fileName ?? '' };
}

/** Page 1 as an 8-bit grey raster (pdftoppm -gray, binary PGM) at `dpi`. */
async function grayPage(bytes: Buffer, dpi: number): Promise<{ w: number; h: number; px: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tombo-lbl-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), bytes);
    await run('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      path.join(dir, 'a.pdf'),
      path.join(dir, 'p'),
    ]);
    const file = (await import('node:fs')).readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
    const data = await readFile(path.join(dir, file));
    // Header: "P5\n<w> <h>\n255\n" (no comments from pdftoppm).
    const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'))!;
    return { w: Number(m[1]), h: Number(m[2]), px: data.subarray(m[0].length) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Bounding box (mm) of the dark pixels inside a window given in mm. */
function darkBox(
  img: { w: number; h: number; px: Buffer },
  dpi: number,
  win: { x0: number; y0: number; x1: number; y1: number },
) {
  const toPx = (mm: number) => Math.round((mm * dpi) / 25.4);
  const [x0, y0, x1, y1] = [toPx(win.x0), toPx(win.y0), toPx(win.x1), toPx(win.y1)];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let y = Math.max(0, y0); y < Math.min(img.h, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(img.w, x1); x++)
      if (img.px[y * img.w + x] < 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  const mm = (p: number) => (p * 25.4) / dpi;
  return { left: mm(minX), top: mm(minY), right: mm(maxX + 1), bottom: mm(maxY + 1) };
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  numeros.push(w.A.asset.numero);
  ids.push(w.A.asset.id);
  for (let i = 0; i < 24; i++) {
    const p = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: w.A.sector.id,
      localId: w.A.local.id,
      descricao: `Cadeira giratória nº ${i} <azul> & preta`,
    });
    numeros.push(p.numero);
    ids.push(p.id);
  }
  numeros.sort();
  const other = await newSector(s, w.A.id);
  const p = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: other.id, descricao: 'Bem de outro setor' });
  // Numbered after every 'T-…' above, so no range of those numbers (faixa) can take it in by chance.
  const numero = `Z-${p.numero}`;
  await ownerQuery(s, 'update patrimonios set numero_patrimonio = $1 where id = $2', [numero, p.id]);
  otherSectorAsset = { id: p.id, numero };
  const api = client(s.url, await w.A.users.admin.token());
  const created = await api('POST', '/api/label-templates', a4260Template);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  cellTemplate = created.body.template;
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('sheets (Pimaco A4260, 3 × 7, A4)', () => {
  it('labels sit on the preset geometry within 0,5 mm, from the starting position, and every QR decodes to its public URL', async () => {
    const token = await w.A.users.admin.token();
    const layout = { tipo: 'folha', preset: 'pimaco_a4260', posicaoInicial: 3 } as const;
    const { bytes, fileName } = await generate(token, { templateId: cellTemplate.id, patrimonioIds: ids, layout });
    expect(fileName).toMatch(/^etiquetas-.*\.pdf$/);
    const size = await pdfPageSizeMm(bytes);
    expect(size.width).toBeCloseTo(210, 0);
    expect(size.height).toBeCloseTo(297, 0);
    expect(size.pages).toBe(2); // 19 on the first sheet (positions 3–21), 6 on the second

    // Vector: the numbers are text in the PDF.
    const text = (await pdfText(bytes)).join('\n');
    for (const n of numeros) expect(text).toContain(n);
    expect(text).toContain('Cadeira giratória nº 3 <azul> & preta'.slice(0, 20));

    const dpi = 300;
    const img = await grayPage(bytes, dpi);
    const g = sheetGeometry(layout, cellTemplate);
    for (let pos = 0; pos < g.perPage; pos++) {
      const o = cellOrigin(g, pos);
      const box = darkBox(img, dpi, { x0: o.x + 2, y0: o.y + 2, x1: o.x + 31.5, y1: o.y + 30.7 });
      if (pos < 2) {
        expect(box.left, `position ${pos + 1} must be left empty`).toBe(Infinity);
        continue;
      }
      const at = `position ${pos + 1}`;
      expect(Math.abs(box.left - (o.x + 4)), `${at} left ${box.left} vs ${o.x + 4}`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(box.top - (o.y + 4)), `${at} top`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(box.right - (o.x + 30)), `${at} right`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(box.bottom - (o.y + 30)), `${at} bottom`).toBeLessThanOrEqual(0.5);
    }
    const codes = await pdfToPngs(bytes, dpi, async ([page1, page2]) => [
      ...(await decodeCodes(page1)),
      ...(await decodeCodes(page2)),
    ]);
    const qrs = codes.filter((c) => c.type === 'QR-Code').map((c) => c.data);
    expect(qrs.sort()).toEqual(numeros.map((n) => urlOf(n, w.A.id)).sort());
    const bars = codes.filter((c) => c.type === 'CODE-128').map((c) => c.data);
    expect(bars.sort()).toEqual([...numeros].sort());
  });

  it('the calibration offset moves every label by (x, y) mm', async () => {
    const token = await w.A.users.supervisor.token();
    const layout = { tipo: 'folha', preset: 'pimaco_a4260', ajuste: { x: 1.5, y: -2 } } as const;
    const { bytes } = await generate(token, { templateId: cellTemplate.id, patrimonioIds: ids.slice(0, 3), layout });
    const img = await grayPage(bytes, 300);
    const g = sheetGeometry(layout, cellTemplate);
    for (let pos = 0; pos < 3; pos++) {
      const o = cellOrigin(g, pos); // includes the offset
      expect(o.x - cellOrigin({ ...g, offsetX: 0, offsetY: 0 }, pos).x).toBeCloseTo(1.5);
      const box = darkBox(img, 300, { x0: o.x + 2, y0: o.y + 2, x1: o.x + 31.5, y1: o.y + 30.7 });
      expect(Math.abs(box.left - (o.x + 4))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(box.top - (o.y + 4))).toBeLessThanOrEqual(0.5);
    }
  });

  it('a custom Letter grid by filters: page size and label count', async () => {
    const token = await w.A.users.visualizador.token();
    const layout = {
      tipo: 'folha',
      pagina: 'Letter',
      linhas: 6,
      colunas: 3,
      margens: { superior: 10, esquerda: 5 },
      espacamento: { horizontal: 3, vertical: 2 },
    };
    const { bytes } = await generate(token, {
      templateId: cellTemplate.id,
      filtros: { sectorId: w.A.sector.id },
      layout,
    });
    const size = await pdfPageSizeMm(bytes);
    expect(size.width).toBeCloseTo(215.9, 0);
    expect(size.height).toBeCloseTo(279.4, 0);
    expect(size.pages).toBe(2); // 25 labels, 18 a sheet
  });
});

describe('thermal, ZPL and EPL', () => {
  it("thermal: one label a page of the label's size; the default 60×40 mm label's QR decodes at 203 dpi", async () => {
    const token = await w.A.users.usuario.token();
    const api = client(s.url, token);
    const list: LabelTemplate[] = (await api('GET', '/api/label-templates')).body.templates;
    const padrao = list.find((t) => t.name === 'Padrão 60x40mm')!;
    const { bytes } = await generate(token, {
      templateId: padrao.id,
      patrimonioIds: ids.slice(0, 2),
      layout: { tipo: 'termica' },
    });
    const size = await pdfPageSizeMm(bytes);
    expect(size.pages).toBe(2);
    expect(size.width).toBeCloseTo(60, 0);
    expect(size.height).toBeCloseTo(40, 0);
    const first = await pdfToPngs(bytes, 203, async ([p1]) => decodeCodes(p1), { first: 1, last: 1 });
    const sorted = [...ids.slice(0, 2)];
    expect(sorted).toHaveLength(2);
    expect(first.map((c) => c.data)).toHaveLength(1);
    expect(first[0].data).toMatch(new RegExp(`/consulta-publica/bem/.+\\?municipalityId=${w.A.id}$`));
    expect((await pdfText(bytes)).join('\n')).toContain(first[0].data.split('/bem/')[1].split('?')[0]);
  });

  it('the number is printed on one line, whatever its width (never split at a hyphen or a letter)', async () => {
    const token = await w.A.users.usuario.token();
    const list: LabelTemplate[] = (await client(s.url, token)('GET', '/api/label-templates')).body.templates;
    const padrao = list.find((t) => t.name === 'Padrão 60x40mm')!;
    const wide = 'T-2024MW-000123';
    const [row] = await ownerQuery<{ numero: string }>(
      s,
      'select numero_patrimonio numero from patrimonios where id = $1',
      [ids[1]],
    );
    await ownerQuery(s, 'update patrimonios set numero_patrimonio = $1 where id = $2', [wide, ids[1]]);
    try {
      const { bytes } = await generate(token, {
        templateId: padrao.id,
        patrimonioIds: [ids[1]],
        layout: { tipo: 'termica' },
      });
      const lines = (await pdfText(bytes)).join('\n').split('\n');
      expect(lines).toContain(wide);
    } finally {
      await ownerQuery(s, 'update patrimonios set numero_patrimonio = $1 where id = $2', [row.numero, ids[1]]);
    }
  });

  it('ZPL: one ^XA…^XZ per asset with the QR (public URL), Code 128 and the number, at 203 dpi', async () => {
    const token = await w.A.users.admin.token();
    const { bytes, fileName } = await generate(token, {
      templateId: cellTemplate.id,
      faixa: { de: numeros[0], ate: numeros[4] },
      layout: { tipo: 'zpl', ajuste: { x: 1, y: 0 } },
    });
    expect(fileName).toMatch(/\.zpl$/);
    const zpl = bytes.toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(5);
    expect(zpl.match(/\^XZ/g)).toHaveLength(5);
    expect(zpl).toContain(`^PW${Math.round((63.5 * 203) / 25.4)}`);
    for (const n of numeros.slice(0, 5)) {
      expect(zpl).toContain(`^FDMA,${urlOf(n, w.A.id).replace(/_/g, '_5F')}^FS`);
      expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,N,N,N\\^FH\\^FD${n.replace(/_/g, '_5F')}\\^FS`));
    }
    // QR at x 4 mm + 1 mm calibration = 40 dots; y 4 mm = 32 dots.
    expect(zpl).toContain('^FO40,32^BQN,2,');
  });

  it('EPL: N … P1 per asset with b (QR), B (Code 128) and A (text) commands', async () => {
    const token = await w.A.users.admin.token();
    const { bytes } = await generate(token, {
      templateId: cellTemplate.id,
      patrimonioIds: ids.slice(0, 3),
      layout: { tipo: 'epl', dpi: 300 },
    });
    const epl = bytes.toString('utf8');
    expect(epl.match(/^N$/gm)).toHaveLength(3);
    expect(epl.match(/^P1$/gm)).toHaveLength(3);
    expect(epl).toContain(`q${Math.round((63.5 * 300) / 25.4)}`);
    expect(epl).toMatch(/^b47,47,Q,m2,s\d+,eM,"http/m);
    expect(epl).toMatch(/^B47,366,0,1,2,4,71,N,"/m);
    expect(epl).toMatch(/^A390,47,0,\d,\d,\d,N,"/m);
    expect([...epl].every((ch) => ch.charCodeAt(0) < 128)).toBe(true); // accents folded for the printer's code page
  });

  it("a usuario's filters print only its sectors' assets; another sector's asset is a 404", async () => {
    const token = await w.A.users.usuario.token();
    const { bytes } = await generate(token, { templateId: cellTemplate.id, filtros: {}, layout: { tipo: 'zpl' } });
    const zpl = bytes.toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(numeros.length);
    expect(zpl).not.toContain(otherSectorAsset.numero);
    const r = await client(s.url, token)('POST', '/api/etiquetas', {
      templateId: cellTemplate.id,
      patrimonioIds: [otherSectorAsset.id],
      layout: { tipo: 'zpl' },
    });
    expect(r.status).toBe(404);
  });
});

describe('bad input: 400 naming the problem, no job written', () => {
  const jobsOf = async (userId: number) =>
    (await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from jobs where owner_id = $1', [userId]))[0].n;

  it('labels wider or taller than the page; a start outside the sheet; two sources; nothing found', async () => {
    const user = await newUser(s, { municipalityId: w.A.id, role: 'supervisor' });
    const api = client(s.url, await user.token());
    const base = { templateId: cellTemplate.id, patrimonioIds: ids.slice(0, 2) };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        {
          ...base,
          layout: {
            tipo: 'folha',
            pagina: 'A4',
            colunas: 3,
            linhas: 7,
            margens: { superior: 15, esquerda: 15 },
            espacamento: { horizontal: 2.5, vertical: 0 },
          },
        },
        'layout.colunas',
        /^As etiquetas ultrapassam a largura da página em 0,5 mm\.$/,
      ],
      [
        { ...base, layout: { tipo: 'folha', preset: 'pimaco_a4260', linhas: 8 } },
        'layout.linhas',
        /^As etiquetas ultrapassam a altura da página em 22,9 mm\.$/,
      ],
      [
        { ...base, layout: { tipo: 'folha', preset: 'pimaco_a4260', posicaoInicial: 22 } },
        'layout.posicaoInicial',
        /entre 1 e 21/,
      ],
      [
        { ...base, faixa: { de: '1', ate: '2' }, layout: { tipo: 'termica' } },
        'patrimonioIds',
        /exatamente uma origem/,
      ],
      [{ templateId: cellTemplate.id, layout: { tipo: 'termica' } }, 'patrimonioIds', /exatamente uma origem/],
      [{ ...base, layout: { tipo: 'folha', preset: 'pimaco_9999' } }, 'layout.preset', /Modelo de folha desconhecido/],
      [{ ...base, layout: { tipo: 'laser' } }, 'layout.tipo', /Tipo de saída inválido/],
      [{ ...base, layout: { tipo: 'folha', ajuste: { x: 30, y: 0 } } }, 'layout.ajuste.x', /entre -20 e 20/],
    ];
    for (const [body, field, message] of cases) {
      const r = await api('POST', '/api/etiquetas', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.fields?.[field], JSON.stringify(r.body)).toMatch(message);
    }
    const none = await api('POST', '/api/etiquetas', {
      templateId: cellTemplate.id,
      faixa: { de: 'ZZZ-0', ate: 'ZZZ-9' },
      layout: { tipo: 'termica' },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Nenhum bem encontrado para gerar etiquetas.');
    expect(await jobsOf(user.id)).toBe(0);
  });

  it('the superuser → 403', async () => {
    const r = await client(s.url, await w.superuser.token())('POST', '/api/etiquetas', {
      templateId: cellTemplate.id,
      patrimonioIds: [ids[0]],
      layout: { tipo: 'termica' },
    });
    expect(r.status).toBe(403);
  });
});
