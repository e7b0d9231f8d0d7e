import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Reading generated PDFs back the way a person would: poppler's pdftotext/pdftoppm and zbar's
// zbarimg (Debian packages poppler-utils and zbar-tools, installed by .ci/run).

const run = promisify(execFile);

async function withPdf<T>(bytes: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tombo-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text per page (pdftotext -layout; pages split on form feeds). */
export function pdfText(bytes: Buffer): Promise<string[]> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout.split('\f').slice(0, -1);
  });
}

/** Page size in millimetres (pdfinfo), e.g. A4 ≈ 210 × 297. */
export function pdfPageSizeMm(bytes: Buffer): Promise<{ width: number; height: number; pages: number }> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    const pages = Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    if (!m) throw new Error(`no page size in pdfinfo output: ${stdout}`);
    const mm = (pt: string) => (Number(pt) * 25.4) / 72;
    return { width: mm(m[1]), height: mm(m[2]), pages };
  });
}

/**
 * Renders pages to PNG (pdftoppm at `dpi`) and hands each file to `fn` (page order).
 * `first`/`last` limit the pages (1-based).
 */
export function pdfToPngs<T>(
  bytes: Buffer,
  dpi: number,
  fn: (pngFiles: string[]) => Promise<T>,
  pages?: { first?: number; last?: number },
): Promise<T> {
  return withPdf(bytes, async (file, dir) => {
    const args = ['-png', '-r', String(dpi)];
    if (pages?.first) args.push('-f', String(pages.first));
    if (pages?.last) args.push('-l', String(pages.last));
    await run('pdftoppm', [...args, file, path.join(dir, 'page')]);
    const pngs = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    return fn(pngs.map((f) => path.join(dir, f)));
  });
}

/** Every QR code / barcode zbarimg finds in an image, as `{ type, data }` (type e.g. 'QR-Code', 'CODE-128'). */
export async function decodeCodes(pngFile: string): Promise<Array<{ type: string; data: string }>> {
  // zbarimg exits 4 when it finds nothing: that is an empty answer, not an error.
  const out = await run('zbarimg', ['-q', pngFile], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (err: { code?: number; stdout?: string }) => {
      if (err.code === 4) return { stdout: '' };
      throw err;
    },
  );
  return out.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf(':');
      return { type: line.slice(0, i), data: line.slice(i + 1) };
    });
}

/** The first page's size in points (poppler's pdfinfo): A4 portrait is about 595 × 842. */
export function pdfPageSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    if (!m) throw new Error(`pdfinfo sem tamanho de página: ${stdout}`);
    return { width: Number(m[1]), height: Number(m[2]) };
  });
}
