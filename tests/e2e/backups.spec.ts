import path from 'node:path';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { expect, test, type Page } from '@playwright/test';
import { BACKUP_MSG as MSG_BACKUP } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, openAs, recordToasts, snap } from './helpers';

// /configuracoes/backup (issue 12): an admin generates a backup, sees it finish in the list and
// downloads it (its SHA-256 is the listed one); the version manager panel; the superuser's backups
// with the restore dialog. Screenshots desktop and 390 px.

/** The archive with one more member, listed in its manifest (size and SHA-256 right): only its path is wrong. */
async function withExtraMember(archive: Buffer, name: string): Promise<Buffer> {
  const extract = tar.extract();
  const members: { name: string; body: Buffer }[] = [];
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      members.push({ name: header.name, body: Buffer.concat(chunks) });
      next();
    });
  });
  await new Promise((resolve, reject) => {
    extract.on('finish', resolve);
    extract.on('error', reject);
    extract.end(gunzipSync(archive));
  });
  const extra = Buffer.from('fora');
  const manifest = JSON.parse(members[0].body.toString()) as { files: unknown[] };
  manifest.files.push({ path: name, size: extra.length, sha256: createHash('sha256').update(extra).digest('hex') });
  members[0].body = Buffer.from(JSON.stringify(manifest));
  members.push({ name, body: extra });
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => pack.on('end', resolve));
  for (const m of members) pack.entry({ name: m.name, size: m.body.length }, m.body);
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

test('gera um backup, acompanha até concluir e baixa o arquivo', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.admin, '/configuracoes/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId('backup-row');
  const before = await rows.count();
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Gerar backup' }).click();
  // A small backup finishes in milliseconds and its 'Arquivo pronto' toast replaces this one at once.
  await expect.poll(async () => (await toasts()).some((t) => t.includes('Backup iniciado.'))).toBe(true);
  await expect(rows).toHaveCount(before + 1, { timeout: 30_000 });
  const first = rows.first();
  await expect(first).toContainText('Concluído', { timeout: 90_000 });
  await expect(first).toContainText(/\d+(,\d+)? (B|KB|MB)/);
  await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await shot(page, 'backup-desktop');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: /Baixar backup/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backup-.+\.tar\.gz$/);
  const file = path.join(test.info().outputDir, 'backup.tar.gz');
  await download.saveAs(file);
  const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  await expect(first).toContainText(sha.slice(0, 12));

  // The version manager: floating button → side panel.
  await page.getByRole('button', { name: /Gerenciador de Versão/ }).click();
  const panel = page.getByRole('dialog');
  await expect(
    panel.getByText('Verifique a versão atual, atualize ou reverta para uma versão anterior.'),
  ).toBeVisible();
  await expect(panel.getByText('Histórico de Versões')).toBeVisible();
  await expect(panel.getByTestId('current-version')).toHaveText(/^v\d+\.\d+\.\d+$/);
  await shot(page, 'version-panel-desktop');
  await context.close();

  const phone = await browser.newContext({ viewport: PHONE });
  const p = await phone.newPage();
  await openAs(p, ACCOUNTS.admin, '/configuracoes/backup');
  await expect(p.getByTestId('backup-row').first()).toContainText('Concluído', { timeout: 30_000 });
  await shot(p, 'phone-backup');
  await p.getByRole('button', { name: /Gerenciador de Versão/ }).click();
  await expect(p.getByRole('dialog').getByRole('heading', { name: 'Versão Atual' })).toBeVisible();
  await shot(p, 'phone-version-panel');
  await phone.close();
});

test('o superusuário vê os backups de cada município e o diálogo de restauração', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [viewport, prefix] of [
    [DESKTOP, ''],
    [PHONE, 'phone-'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.superuser, '/superuser/backups');
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('backup-row').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, `${prefix}superuser-backups${prefix ? '' : '-desktop'}`);
    await page.getByTestId('backup-row').first().getByRole('button', { name: 'Restaurar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Digite')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Restaurar' })).toBeDisabled();
    await dialog.getByLabel('Confirmação').fill('RESTAURAR');
    await expect(dialog.getByRole('button', { name: 'Restaurar' })).toBeEnabled();
    await shot(page, `${prefix}superuser-restore${prefix ? '' : '-desktop'}`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto('/superuser/version-update');
    await expect(page.getByRole('heading', { level: 1, name: 'Atualização de Versão' })).toBeVisible();
    await expect(page.getByText('Versão mais recente instalada')).toBeVisible();
    await shot(page, `${prefix}superuser-version${prefix ? '' : '-desktop'}`);
    await context.close();
  }
});

test('o superusuário envia um arquivo de backup: um arquivo qualquer é recusado, uma cópia baixada entra na lista', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await apiToken(request, ACCOUNTS.admin);
  const made = await request.post('/api/backups', { headers: { authorization: `Bearer ${admin}` }, data: {} });
  expect(made.status()).toBe(202);
  const id = ((await made.json()) as { backup: { id: number } }).backup.id;
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/backups', { headers: { authorization: `Bearer ${admin}` } });
        return ((await list.json()) as { backups: { id: number; status: string }[] }).backups.find((b) => b.id === id)
          ?.status;
      },
      { timeout: 90_000 },
    )
    .toBe('completed');
  const archive = await request.get(`/api/backups/${id}/download`, { headers: { authorization: `Bearer ${admin}` } });
  const bytes = await archive.body();

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.superuser, '/superuser/backups');
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible({ timeout: 30_000 });
  const input = page.getByLabel('Arquivo de backup (.tar.gz)');
  await input.setInputFiles({ name: 'qualquer.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('nada') });
  await expect(page.getByText(MSG_BACKUP.corrupted)).toBeVisible();
  // A crafted copy (issue 33): the genuine archive plus a member that would land outside DATA_DIR.
  const hostile = await withExtraMember(bytes, '../fora-do-tombo.txt');
  await input.setInputFiles({ name: 'adulterado.tar.gz', mimeType: 'application/gzip', buffer: hostile });
  await expect(page.getByText(MSG_BACKUP.memberUnsafe('../fora-do-tombo.txt'))).toBeVisible();
  await shot(page, 'superuser-backup-hostile-refused-desktop');
  const phone = await browser.newContext({ viewport: PHONE });
  const small = await phone.newPage();
  await openAs(small, ACCOUNTS.superuser, '/superuser/backups');
  await expect(small.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible({ timeout: 30_000 });
  await small
    .getByLabel('Arquivo de backup (.tar.gz)')
    .setInputFiles({ name: 'adulterado.tar.gz', mimeType: 'application/gzip', buffer: hostile });
  await expect(small.getByText(MSG_BACKUP.memberUnsafe('../fora-do-tombo.txt'))).toBeVisible();
  await shot(small, 'phone-superuser-backup-hostile-refused');
  await phone.close();
  await input.setInputFiles({ name: 'copia-baixada.tar.gz', mimeType: 'application/gzip', buffer: bytes });
  await expect(page.getByText(MSG_BACKUP.uploaded)).toBeVisible();
  const row = page.getByTestId('backup-row').filter({ hasText: 'Enviado por' }).first();
  await expect(row).toContainText('Concluído');
  await row.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByRole('dialog').getByText('Digite')).toBeVisible();
  await shot(page, 'superuser-backup-uploaded-desktop');
  await context.close();
});
