import { randomBytes } from 'node:crypto';
import { MAIN_ROLES, type Role } from '@tombo/shared';
import { hashPassword } from '../../server/src/auth/passwords';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import type { TestServer } from './harness';

// Factories build a test's own world straight in the database as its owner (`s.owner`, which bypasses
// row-level security; the app's own connections see no tenant row outside read/mutate): fast, and
// independent of the demo seed. Behaviour is tested through the API.

type Server = Pick<TestServer, 'owner' | 'login'>;

let seq = 0;
/** A short suffix unique within the test process (and, with the random part, across processes). */
const uniq = () => `${randomBytes(3).toString('hex')}${(seq++).toString(36)}`;

const one = async <T>(s: Server, text: string, params: unknown[]): Promise<T> =>
  (await s.owner.query<T>(text, params))[0];

export interface TestMunicipality {
  id: number;
  name: string;
}

/** A new municipality (active, no sectors). */
export async function newMunicipality(s: Server, name = `Município Teste ${uniq()}`): Promise<TestMunicipality> {
  const slug = `teste-${uniq()}`;
  return one(s, 'insert into municipalities (name, slug) values ($1, $2) returning id, name', [name, slug]);
}

export interface TestSector {
  id: number;
  municipalityId: number;
  name: string;
  code: string;
}

let codeSeq = 0;
/** Two-character codes that start with a digit, so they never collide with the demo's (letters only). */
const nextCode = () => {
  const n = codeSeq++ % 360;
  return `${Math.floor(n / 36)}${(n % 36).toString(36)}`.toUpperCase();
};

/** A new sector of the municipality. */
export async function newSector(
  s: Server,
  municipalityId: number,
  opts: { name?: string; code?: string } = {},
): Promise<TestSector> {
  return one(
    s,
    `insert into sectors (municipality_id, name, code) values ($1, $2, $3)
     returning id, municipality_id as "municipalityId", name, code`,
    [municipalityId, opts.name ?? `Setor Teste ${uniq()}`, opts.code ?? nextCode()],
  );
}

export interface TestLocal {
  id: number;
  municipalityId: number;
  sectorId: number;
  name: string;
}

/** A new local of the sector (the sector's municipality). */
export async function newLocal(s: Server, sector: TestSector, opts: { name?: string } = {}): Promise<TestLocal> {
  return one(
    s,
    `insert into locais (municipality_id, sector_id, name) values ($1, $2, $3)
     returning id, municipality_id as "municipalityId", sector_id as "sectorId", name`,
    [sector.municipalityId, sector.id, opts.name ?? `Local Teste ${uniq()}`],
  );
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  municipalityId: number | null;
  /** A fresh access token (logs in on the first call, then reuses it). */
  token(): Promise<string>;
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A new user; `municipalityId: null` only for the superuser. A `usuario` gets `sectorIds` as their sectors. */
export async function newUser(
  s: Server,
  opts: { municipalityId: number | null; role: Role; sectorIds?: number[]; password?: string; name?: string },
): Promise<TestUser> {
  const password = opts.password ?? DEMO_PASSWORD;
  const email = `${opts.role}.${uniq()}@teste.gov.br`;
  const { id } = await one<{ id: number }>(
    s,
    `insert into users (municipality_id, name, email, password_hash, role) values ($1, $2, $3, $4, $5) returning id`,
    [opts.municipalityId, opts.name ?? `Pessoa Teste ${opts.role}`, email, await hashOf(password), opts.role],
  );
  for (const sectorId of opts.sectorIds ?? []) {
    await s.owner.query('insert into user_sectors (user_id, sector_id) values ($1, $2)', [id, sectorId]);
  }
  let token: string | undefined;
  return {
    id,
    email,
    password,
    role: opts.role,
    municipalityId: opts.municipalityId,
    async token() {
      token ??= (await s.login(email, password)).token;
      return token;
    },
  };
}

export interface TestPatrimonio {
  id: number;
  municipalityId: number;
  sectorId: number;
  numero: string;
}

/** A new asset of the sector; its number has a test prefix so it never collides with the numbering pattern's. */
export async function newPatrimonio(
  s: Server,
  opts: { municipalityId: number; sectorId: number; localId?: number; descricao?: string; valor?: string },
): Promise<TestPatrimonio> {
  const numero = `T-${uniq()}`;
  const row = await one<TestPatrimonio | undefined>(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome,
                              local_id, local_nome, valor_aquisicao)
     select $1, $2, $3, s.id, s.name, l.id, l.name, $6
       from sectors s left join locais l on l.id = $5
      where s.id = $4 and s.municipality_id = $1
     returning id, municipality_id as "municipalityId", sector_id as "sectorId", numero_patrimonio as numero`,
    [
      opts.municipalityId,
      numero,
      opts.descricao ?? `Bem de teste ${numero}`,
      opts.sectorId,
      opts.localId ?? null,
      opts.valor ?? '100.00',
    ],
  );
  if (!row) throw new Error(`newPatrimonio: sector ${opts.sectorId} is not of municipality ${opts.municipalityId}`);
  return row;
}

export type MainRole = (typeof MAIN_ROLES)[number];

/** A catalogue row of a municipality: asset type, acquisition form or custom asset-form field. */
export async function newCatalogRow(
  s: Server,
  municipalityId: number,
  kind: 'tipos_bens' | 'formas_aquisicao' | 'asset_form_fields',
): Promise<{ id: number }> {
  const name = `Teste ${uniq()}`;
  if (kind === 'tipos_bens')
    return one(s, 'insert into tipos_bens (municipality_id, name) values ($1, $2) returning id', [
      municipalityId,
      name,
    ]);
  if (kind === 'formas_aquisicao')
    return one(s, 'insert into formas_aquisicao (municipality_id, nome) values ($1, $2) returning id', [
      municipalityId,
      name,
    ]);
  return one(
    s,
    `insert into asset_form_fields (municipality_id, key, label, type, is_custom) values ($1, $2, $3, 'TEXT', true)
     returning id`,
    [municipalityId, `campo_${uniq()}`, name],
  );
}

export interface TestTenant extends TestMunicipality {
  sector: TestSector;
  local: TestLocal;
  asset: TestPatrimonio;
  /** One user per role; the `usuario` belongs to `sector`. */
  users: Record<MainRole, TestUser>;
}

/** A municipality with a sector, a local, an asset and one user per role. */
export async function newTenant(s: Server, name?: string): Promise<TestTenant> {
  const m = await newMunicipality(s, name);
  const sector = await newSector(s, m.id);
  const local = await newLocal(s, sector);
  const asset = await newPatrimonio(s, { municipalityId: m.id, sectorId: sector.id, localId: local.id });
  const users = {} as Record<MainRole, TestUser>;
  for (const role of MAIN_ROLES) {
    users[role] = await newUser(s, {
      municipalityId: m.id,
      role,
      sectorIds: role === 'usuario' ? [sector.id] : [],
    });
  }
  return { ...m, sector, local, asset, users };
}

export interface TestWorld {
  A: TestTenant;
  B: TestTenant;
  superuser: TestUser;
}

/** Two municipalities A and B (each a `newTenant`) and a superuser of the installation. */
export async function world(s: Server): Promise<TestWorld> {
  const A = await newTenant(s, `Município A ${uniq()}`);
  const B = await newTenant(s, `Município B ${uniq()}`);
  const superuser = await newUser(s, { municipalityId: null, role: 'superuser' });
  return { A, B, superuser };
}
