/**
 * Labels (issue 11): 1,000 labels on A4 sheets (Pimaco A4260, 3 × 7: 48 sheets) — HTML built and rendered
 * to a vector PDF in ONE Chromium render, as the labels.generate job does (target ≤ 10 s) — and one sheet
 * of 21 labels, p50 of repeated renders on a warm page (target ≤ 300 ms). No database: the asset rows are
 * made in memory (loading 1,000 rows is a few ms next to the render).
 *   npx tsx tests/bench/etiquetas.ts     BENCH_LABELS (default 1000), BENCH_LABEL_SHEETS (repeats, default 15)
 */
import { DEFAULT_LABEL_TEMPLATE, sheetGeometry, type LabelElement } from '@tombo/shared';
import { sheetsHtml } from '../../server/src/modules/etiquetas/jobs/label-html';
import { labelData } from '../../server/src/modules/etiquetas/jobs/label-values';
import { createPdfRenderer } from '../../server/src/render/pool';
import { machine } from './lib';

const LABELS = Number(process.env.BENCH_LABELS ?? 1000);
const REPEATS = Number(process.env.BENCH_LABEL_SHEETS ?? 15);

const template = {
  width: 63.5,
  height: 38.1,
  elements: [
    ...DEFAULT_LABEL_TEMPLATE.elements.map((e) => ({ ...e, y: Math.min(e.y, 38.1 - e.height) })),
    { ...DEFAULT_LABEL_TEMPLATE.elements[1], id: 'd', content: 'descricao', y: 12, height: 8, fontSize: 7 },
    { ...DEFAULT_LABEL_TEMPLATE.elements[1], id: 'b', type: 'BARCODE', x: 3, y: 31, width: 57, height: 6 },
  ] as LabelElement[],
};

function rows(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const numero = `2026/${String(i + 1).padStart(6, '0')}`;
    return labelData(
      {
        id: i + 1,
        municipalityId: 1,
        numeroPatrimonio: numero,
        descricaoBem: `Cadeira giratória com braços nº ${i + 1}`,
        setorNome: 'Secretaria de Administração',
        localNome: 'Sala 12',
        tipoNome: 'Mobiliário',
        status: 'ativo',
        valorAquisicao: '450.00',
        quantidade: 1,
      } as Parameters<typeof labelData>[0],
      'Município de Exemplo',
      'https://tombo.exemplo.gov.br',
    );
  });
}

/** Runs the labels bench and prints its figures. */
export async function etiquetasBench(): Promise<void> {
  const renderer = createPdfRenderer({ chromePath: process.env.CHROME_PATH, pages: 1 });
  const brand = { logo: null, name: 'Prefeitura Municipal de Exemplo' };
  const g = sheetGeometry({ tipo: 'folha', preset: 'pimaco_a4260' }, template);
  try {
    // Warm-up: launches Chromium (not part of either figure; the worker keeps it running).
    const warm = await sheetsHtml(template, g, rows(3), brand);
    await renderer.render(warm.html, { width: '210mm', height: '297mm' });

    const t0 = performance.now();
    const big = await sheetsHtml(template, g, rows(LABELS), brand);
    const built = performance.now();
    const pdf = await renderer.render(big.html, { width: '210mm', height: '297mm', timeoutMs: 300_000 });
    const total = performance.now() - t0;

    const one = rows(g.perPage);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const s = performance.now();
      const sheet = await sheetsHtml(template, g, one, brand);
      await renderer.render(sheet.html, { width: '210mm', height: '297mm' });
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    console.log(`\nEtiquetas — ${machine()}`);
    console.log(
      `  ${LABELS} etiquetas em ${big.pages} folhas A4 (Pimaco A4260): ${(total / 1000).toFixed(2)} s ` +
        `(HTML ${((built - t0) / 1000).toFixed(2)} s, PDF ${(pdf.length / 1024 / 1024).toFixed(1)} MB)  [meta ≤ 10 s]`,
    );
    console.log(
      `  uma folha (${g.perPage} etiquetas): p50 ${p50.toFixed(0)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(0)} ms ` +
        `em ${REPEATS} renderizações  [meta ≤ 300 ms]`,
    );
  } finally {
    await renderer.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await etiquetasBench();
