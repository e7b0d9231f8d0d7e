/**
 * TEST-ONLY hook, never part of the product: nothing in server/ imports it, and only the e2e start script
 * (`start-server.ts`) starts it. Until the flows that notify (transfers, documents, loans) have screens,
 * the notifications e2e needs a way to make the server notify a user. This listener, on 127.0.0.1 and
 * its own port (`notifyHookPort`), calls the real `notify` command inside a real `mutate` of the running
 * server, so the row, the outbox and the live push to the user's room are the product's own code.
 *
 *   POST /notify  { email, title, description, type, link }  →  200 { notifications: Notification[] }
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '@tombo/shared';
import type { AppContext } from '../../server/src/context';
import { imoveis, users } from '../../server/src/db/schema';
import { mutate, read } from '../../server/src/db/tx';
import { notify } from '../../server/src/modules/notifications';
import { allMunicipalities, scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { notifyHookPort } from './notify-hook-client';

const body = z.strictObject({
  email: z.string().email(),
  title: z.string().min(1),
  description: z.string().min(1),
  type: z.enum(NOTIFICATION_TYPES),
  link: z.string().nullable(),
});

async function handle(ctx: AppContext, raw: string) {
  const input = body.parse(JSON.parse(raw));
  // Like the principal loader's, this lookup spans municipalities, and says so (the app's connections fail closed).
  const [user] = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ id: users.id, municipalityId: users.municipalityId })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`),
  );
  if (user?.municipalityId == null) throw new Error(`usuário municipal ${input.email} não existe`);
  const { email: _email, ...n } = input;
  const scope = scopeOfMunicipality(user.municipalityId);
  return mutate(ctx, null, (tx, out) => notify(tx, out, scope, [user.id], n));
}

const imovelBody = z.strictObject({ email: z.string().email(), denominacao: z.string().min(1) });

/**
 * POST /imovel { email, denominacao } → 200 { id, numero_patrimonio, denominacao }: a property of the user's
 * municipality, until the register's own screens and API land (issue 13's maintenance e2e needs one).
 */
async function handleImovel(ctx: AppContext, raw: string) {
  const input = imovelBody.parse(JSON.parse(raw));
  const [user] = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ municipalityId: users.municipalityId })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`),
  );
  if (user?.municipalityId == null) throw new Error(`usuário municipal ${input.email} não existe`);
  const scope = scopeOfMunicipality(user.municipalityId);
  const numero = `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [row] = await mutate(
    ctx,
    null,
    (tx) =>
      tx
        .insert(imoveis)
        .values({
          municipalityId: scope.municipalityId,
          numeroPatrimonio: numero,
          denominacao: input.denominacao,
          endereco: 'Rua das Flores, 100',
        })
        .returning({ id: imoveis.id, numero_patrimonio: imoveis.numeroPatrimonio, denominacao: imoveis.denominacao }),
    scope,
  );
  return row;
}

/** Starts the hook beside the e2e server (see the comment at the top). */
export function startNotifyHook(ctx: AppContext, serverPort: number): http.Server {
  const server = http.createServer((req, res) => {
    const work = req.url === '/imovel' ? handleImovel : req.url === '/notify' ? handle : null;
    if (req.method !== 'POST' || !work) {
      res.writeHead(404).end();
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      work(ctx, raw).then(
        (result) =>
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify(work === handle ? { notifications: result } : result)),
        (err: unknown) => res.writeHead(400).end(String(err)),
      );
    });
  });
  // A busy port fails only the specs that use the hook, not the whole e2e server.
  server.on('error', (err) => console.error('[e2e] notify hook:', err));
  server.listen(notifyHookPort(serverPort), '127.0.0.1');
  server.unref();
  return server;
}
