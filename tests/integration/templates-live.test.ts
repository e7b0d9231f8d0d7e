import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_TEMPLATES,
  DEFAULT_FICHA_TEMPLATES,
  DEFAULT_LABEL_TEMPLATE,
  DEFAULT_REPORT_TEMPLATES,
  type LiveEvent,
} from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { world, type TestWorld } from '../support/factories';

const uniq = () => Math.random().toString(36).slice(2, 8);

// Issue 11: a template created, changed or deleted reaches the open lists and editors of everyone of its
// municipality (the municipality's room), and nobody else's.

let s: TestServer;
let w: TestWorld;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s?.close();
});

type Changed = LiveEvent<{ id: number; removed?: boolean }>;

const KINDS = [
  {
    event: 'labelTemplate.changed',
    path: '/api/label-templates',
    body: () => ({ ...DEFAULT_LABEL_TEMPLATE, name: `Etiqueta ao vivo ${uniq()}`, isDefault: false }),
  },
  {
    event: 'exportTemplate.changed',
    path: '/api/export-templates',
    body: () => ({ ...DEFAULT_EXPORT_TEMPLATES[0], name: `Exportação ao vivo ${uniq()}` }),
  },
  {
    event: 'reportTemplate.changed',
    path: '/api/report-templates',
    body: () => ({ ...DEFAULT_REPORT_TEMPLATES[0], name: `Relatório ao vivo ${uniq()}` }),
  },
  {
    event: 'fichaTemplate.changed',
    path: '/api/ficha-templates',
    body: () => ({ ...DEFAULT_FICHA_TEMPLATES[0], name: `Ficha ao vivo ${uniq()}`, isDefault: false }),
  },
] as const;

describe('template changes are live', () => {
  it.each(KINDS)('$event reaches the municipality (creation and deletion), not another one', async (kind) => {
    const viewer = await s.socket(await w.A.users.visualizador.token());
    const outsider = await s.socket(await w.B.users.admin.token());
    const heardOutside: unknown[] = [];
    outsider.on(kind.event, (e: unknown) => heardOutside.push(e));
    const admin = client(s.url, await w.A.users.admin.token());

    const created = nextEvent<Changed>(viewer, kind.event, 10_000);
    const r = await admin('POST', kind.path, kind.body());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id: number = r.body.template.id;
    expect((await created).data).toEqual({ id });

    const removed = nextEvent<Changed>(viewer, kind.event, 10_000);
    expect((await admin('DELETE', `${kind.path}/${id}`)).status).toBe(204);
    expect((await removed).data).toEqual({ id, removed: true });
    expect(heardOutside).toEqual([]);
    viewer.disconnect();
    outsider.disconnect();
  });
});
