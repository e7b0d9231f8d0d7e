/**
 * The login screen's customization (spec §2.8, §3): files go through the upload rules (type from the
 * bytes; a logo that is not an image → 415, nothing changed), are served publicly to the login page,
 * and every setting the superuser saves reaches GET /api/customization/public.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMIZATION_MSG, DEFAULT_CUSTOMIZATION, type Customization, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let SU: TestUser;
let png: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());
const publicSettings = async () =>
  (await client(s.url)('GET', '/api/customization/public')).body.customization as Customization;

async function upload(u: TestUser, field: string, bytes: Buffer, name: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/api/customization/files/${field}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await u.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const customizationFiles = () => {
  const dir = path.join(s.ctx.config.dataDir, 'files', 'customization');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
};

describe('login customization', () => {
  it('every setting the superuser saves is served to the public login page', async () => {
    const su = await as(SU);
    const watcher = await s.socket(await SU.token());
    const heard = nextEvent<LiveEvent<{ scope: string }>>(watcher, 'customization.updated');
    const member = await s.socket(await A.users.visualizador.token());
    const memberHeard = nextEvent<LiveEvent<{ scope: string }>>(member, 'customization.updated');
    const patch: Partial<Customization> = {
      backgroundType: 'color',
      backgroundColor: '#0f172a',
      layout: 'split',
      welcomeTitle: 'Bem-vindo à Prefeitura',
      welcomeSubtitle: 'Gestão do patrimônio público',
      primaryColor: '#16a34a',
      buttonTextColor: '#000000',
      fontFamily: 'Georgia, serif',
      browserTitle: 'Patrimônio Municipal',
      loginFooterText: '© 2026 Prefeitura',
      superUserFooterText: 'Painel Global da Instalação',
    };
    const put = await su('PUT', '/api/customization', patch);
    expect(put.status).toBe(200);
    expect((await heard).data).toEqual({ scope: 'global' });
    // a municipality's screens inherit the installation's settings: its sessions hear of it too
    expect((await memberHeard).data).toEqual({ scope: 'global' });
    expect(await publicSettings()).toEqual({ ...DEFAULT_CUSTOMIZATION, ...patch });
    watcher.disconnect();
    member.disconnect();
  });

  it('a logo upload is stored, set and served publicly as an image', async () => {
    const r = await upload(SU, 'activeLogoUrl', png, 'brasão.png');
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(/^\/api\/customization\/files\/global\/[0-9a-f-]{36}\.png$/);
    expect(r.body.customization.activeLogoUrl).toBe(r.body.url);
    expect((await publicSettings()).activeLogoUrl).toBe(r.body.url);
    const served = await fetch(`${s.url}${r.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // a replacement removes the file it replaces
    const again = await upload(SU, 'activeLogoUrl', png, 'novo.png');
    expect(again.status).toBe(200);
    expect((await fetch(`${s.url}${r.body.url}`)).status).toBe(404);
    expect(customizationFiles()).toHaveLength(1);
  });

  it('a logo that is not an image is 415 with a pt-BR message, and nothing changes', async () => {
    const before = await publicSettings();
    const files = customizationFiles();
    const text = await upload(SU, 'activeLogoUrl', Buffer.from('isto não é uma imagem'), 'logo.png');
    expect(text.status).toBe(415);
    expect(text.body.error.message).toBe(CUSTOMIZATION_MSG.notImage);
    const pdf = await upload(SU, 'secondaryLogoUrl', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'a.pdf');
    expect(pdf.status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(SU, 'faviconUrl', svg, 'icone.svg', 'image/svg+xml')).status).toBe(415);
    const lying = await upload(SU, 'activeLogoUrl', png, 'logo.jpg');
    expect(lying.status).toBe(415);
    expect(lying.body.error.message).toBe(CUSTOMIZATION_MSG.mismatch);
    const video = await upload(SU, 'backgroundVideoUrl', png, 'fundo.png');
    expect(video.status).toBe(415);
    expect(video.body.error.message).toBe(CUSTOMIZATION_MSG.notVideo);
    expect(await publicSettings()).toEqual(before);
    expect(customizationFiles()).toEqual(files);
  });

  it("an admin's upload sets their municipality's header logo only; a visualizador is 403", async () => {
    const r = await upload(A.users.admin, 'activeLogoUrl', png, 'brasao-a.png');
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`^/api/customization/files/${A.id}/`));
    const mine = (await (await as(A.users.visualizador))('GET', '/api/customization')).body.customization;
    expect(mine.activeLogoUrl).toBe(r.body.url);
    expect((await publicSettings()).activeLogoUrl).not.toBe(r.body.url);
    expect((await upload(A.users.visualizador, 'activeLogoUrl', png, 'x.png')).status).toBe(403);
    expect((await upload(SU, 'welcomeTitle', png, 'x.png')).status).toBe(400);
  });

  it('reset drops the settings and the files', async () => {
    const su = await as(SU);
    const r = await su('POST', '/api/customization/reset', {});
    expect(r.status).toBe(200);
    expect(await publicSettings()).toEqual(DEFAULT_CUSTOMIZATION);
    expect(customizationFiles().every((f) => !String(f).startsWith('global'))).toBe(true);
    expect((await fetch(`${s.url}/api/customization/files/global/../../x.png`)).status).toBe(404);
  });
});
