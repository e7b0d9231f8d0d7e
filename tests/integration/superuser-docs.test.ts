/**
 * The user manual (docs/manual/*.md, bundled into /superuser/documentation): one chapter per main
 * area, each split into sections the search finds, and every screen path it names is a real route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_ROUTES, PUBLIC_ROUTES, SUPERUSER_EXTRA_ROUTES, SUPERUSER_MENU } from '@tombo/shared';

const dir = path.resolve(__dirname, '../../docs/manual');
const chapters = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));

const routes = [...MAIN_ROUTES, ...PUBLIC_ROUTES, ...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES].map((r) => r.path);
const pattern = (p: string) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`);
/** A path as the manual writes it ('/bens-cadastrados/ver/...' stands for any id). */
const known = (p: string) => {
  const concrete = p.replace(/\.\.\./g, 'x').replace(/\/$/, '') || '/';
  return routes.some((r) => pattern(r).test(concrete));
};

describe('user manual', () => {
  it('has one chapter per main area, each with a title and sections', () => {
    const areas = [
      'login',
      'bens',
      'transferencias',
      'inventarios',
      'relatorios',
      'etiquetas',
      'configuracoes',
      'superusuario',
    ];
    expect(chapters.map((c) => c.file.replace(/^\d+-|\.md$/g, ''))).toEqual(areas);
    for (const { file, text } of chapters) {
      expect(text.match(/^# .+/gm), file).toHaveLength(1);
      expect((text.match(/^## .+/gm) ?? []).length, file).toBeGreaterThanOrEqual(3);
    }
  });

  it('every screen path it names is a route of the product', () => {
    const named = chapters.flatMap(({ file, text }) =>
      [...text.matchAll(/`(\/[a-z0-9/:.-]*)`/g)].map((m) => ({ file, path: m[1] })),
    );
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((n) => !known(n.path))).toEqual([]);
  });

  it('describes every superuser screen of the menu', () => {
    const su = chapters.find((c) => c.file.includes('superusuario'))!.text;
    for (const item of SUPERUSER_MENU.filter((i) => i.path !== '/superuser'))
      expect(su, item.path).toContain(item.label);
  });
});
