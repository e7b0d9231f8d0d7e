import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { DEFAULT_ROLE_PERMISSIONS, ROLES } from '@tombo/shared';
import type { Db } from '../db/client';
import { locais, municipalities, rolePermissions, sectors, userSectors, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { seedCatalogs, seedDemoAssets } from './patrimonios';

export const DEMO_PASSWORD = 'Tombo@2025';

/** Role permissions of spec §6 for roles that have none stored yet (the superuser's edits are kept). */
export async function ensureRolePermissions(db: Db): Promise<void> {
  await db
    .insert(rolePermissions)
    .values(ROLES.map((role) => ({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] })))
    .onConflictDoNothing();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(municipalities);
  return n === 0;
}

const EXEMPLO_SECTORS: Array<[string, string, string[]]> = [
  ['Administração', 'AD', ['Sala da Diretoria', 'Recepção', 'Arquivo Geral']],
  ['Educação', 'ED', ['Escola Municipal Centro', 'Secretaria de Educação']],
  ['Saúde', 'SA', ['Posto de Saúde Central', 'Farmácia Municipal']],
  ['Obras e Serviços Urbanos', 'OB', ['Garagem Municipal', 'Almoxarifado de Obras']],
  ['Finanças', 'FI', ['Tesouraria', 'Contabilidade']],
  ['Tecnologia da Informação', 'TI', ['Sala de Servidores', 'Suporte Técnico']],
];
const VIZINHO_SECTORS: Array<[string, string, string[]]> = [
  ['Gabinete do Prefeito', 'GP', ['Gabinete']],
  ['Assistência Social', 'AS', ['CRAS Centro']],
];

/** The demo data of the README: two municipalities, one user per role, the superuser. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [exemplo, vizinho] = await tx
      .insert(municipalities)
      .values([
        { name: 'Município de Exemplo', slug: 'exemplo' },
        { name: 'Município Vizinho', slug: 'vizinho' },
      ])
      .returning();
    const sectorIds: Record<string, number> = {};
    for (const [m, list] of [
      [exemplo.id, EXEMPLO_SECTORS],
      [vizinho.id, VIZINHO_SECTORS],
    ] as const) {
      for (const [name, code, places] of list) {
        const [s] = await tx.insert(sectors).values({ municipalityId: m, name, code }).returning();
        sectorIds[`${m}:${code}`] = s.id;
        await tx.insert(locais).values(places.map((p) => ({ municipalityId: m, sectorId: s.id, name: p })));
      }
    }
    await seedCatalogs(tx, exemplo.id);
    await seedCatalogs(tx, vizinho.id);
    const people = [
      { name: 'Ana Administradora', email: 'admin@exemplo.gov.br', role: 'admin', municipalityId: exemplo.id },
      { name: 'Sérgio Supervisor', email: 'supervisor@exemplo.gov.br', role: 'supervisor', municipalityId: exemplo.id },
      { name: 'Úrsula Usuária', email: 'usuario@exemplo.gov.br', role: 'usuario', municipalityId: exemplo.id },
      {
        name: 'Vítor Visualizador',
        email: 'visualizador@exemplo.gov.br',
        role: 'visualizador',
        municipalityId: exemplo.id,
      },
      { name: 'Vera Administradora', email: 'admin@vizinho.gov.br', role: 'admin', municipalityId: vizinho.id },
      { name: 'Super Usuário', email: 'superuser@tombo.gov.br', role: 'superuser', municipalityId: null },
    ];
    const inserted = await tx
      .insert(users)
      .values(people.map((p) => ({ ...p, passwordHash })))
      .returning();
    const usuario = inserted.find((u) => u.email === 'usuario@exemplo.gov.br')!;
    await tx.insert(userSectors).values([
      { userId: usuario.id, sectorId: sectorIds[`${exemplo.id}:AD`] },
      { userId: usuario.id, sectorId: sectorIds[`${exemplo.id}:TI`] },
    ]);
    for (const [m, email] of [
      [exemplo, 'admin@exemplo.gov.br'],
      [vizinho, 'admin@vizinho.gov.br'],
    ] as const) {
      await seedDemoAssets(
        tx,
        m,
        inserted.find((u) => u.email === email)!,
      );
    }
  });
}

/**
 * First start of an installation without demo data: create the superuser, with SUPERUSER_PASSWORD
 * or a generated password printed once in the log.
 */
export async function ensureSuperuser(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ created: boolean; password?: string }> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.role, 'superuser'));
  if (n > 0) return { created: false };
  const chosen = password || `${randomBytes(9).toString('base64url')}aA1!`;
  await db.insert(users).values({
    name: 'Superusuário',
    email,
    role: 'superuser',
    municipalityId: null,
    passwordHash: await hashPassword(chosen),
    // a generated password was printed in the log: the superuser replaces it at the first sign-in
    mustChangePassword: !password,
  });
  return { created: true, password: password ? undefined : chosen };
}
