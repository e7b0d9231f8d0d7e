import { randomBytes } from 'node:crypto';
import { MAIN_ROLES, type Role } from '@tombo/shared';
import { hashPassword } from '../../server/src/auth/passwords';
import { DEMO_PASSWORD } from '../../server/src/modules/demo-seed';
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
  /** The public consultation's `?municipio=` value. */
  slug: string;
}

/** A new municipality (active, no sectors). */
export async function newMunicipality(s: Server, name = `Município Teste ${uniq()}`): Promise<TestMunicipality> {
  const slug = `teste-${uniq()}`;
  return one(s, 'insert into municipalities (name, slug) values ($1, $2) returning id, name, slug', [name, slug]);
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
  name: string;
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
  const name = opts.name ?? `Pessoa Teste ${opts.role}`;
  const { id } = await one<{ id: number }>(
    s,
    `insert into users (municipality_id, name, email, password_hash, role) values ($1, $2, $3, $4, $5) returning id`,
    [opts.municipalityId, name, email, await hashOf(password), opts.role],
  );
  for (const sectorId of opts.sectorIds ?? []) {
    await s.owner.query('insert into user_sectors (user_id, sector_id) values ($1, $2)', [id, sectorId]);
  }
  let token: string | undefined;
  return {
    id,
    name,
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

export interface TestEmprestimo {
  id: number;
  municipalityId: number;
  patrimonioId: number;
  version: number;
}

/**
 * An open loan of the asset (its municipality), due `due` ('yyyy-MM-dd'; default a week from today),
 * registered by `createdById` when given. Straight in the table: no history line, audit row or event.
 */
export async function newEmprestimo(
  s: Server,
  asset: Pick<TestPatrimonio, 'id' | 'municipalityId'>,
  opts: { due?: string; createdById?: number; tomador?: string } = {},
): Promise<TestEmprestimo> {
  return one(
    s,
    `insert into emprestimos (municipality_id, patrimonio_id, borrower_name, due_date, created_by_id)
     values ($1, $2, $3, coalesce($4::date, current_date + 7), $5)
     returning id, municipality_id as "municipalityId", patrimonio_id as "patrimonioId", version`,
    [asset.municipalityId, asset.id, opts.tomador ?? `Tomador ${uniq()}`, opts.due ?? null, opts.createdById ?? null],
  );
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
    return one(s, 'insert into formas_aquisicao (municipality_id, name) values ($1, $2) returning id', [
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

export interface TestTransferencia {
  id: number;
  municipalityId: number;
  patrimonioId: number;
}

/**
 * A pending transfer request of the tenant's asset to a new sector of its municipality (the asset is
 * flagged `transferencia_pendente`), requested by the tenant's admin.
 */
export async function newTransferencia(s: Server, tenant: TestTenant): Promise<TestTransferencia> {
  const asset = await newPatrimonio(s, { municipalityId: tenant.id, sectorId: tenant.sector.id });
  const dest = await newSector(s, tenant.id);
  await s.owner.query('update patrimonios set transferencia_pendente = true where id = $1', [asset.id]);
  return one(
    s,
    `insert into transferencias (municipality_id, patrimonio_id, numero_patrimonio, descricao_bem, type, reason,
                                 origin_sector_id, origin_sector_name, destination_sector_id,
                                 destination_sector_name, requester_id, requester_name)
     values ($1, $2, $3, 'Bem de teste', 'transferencia', 'Motivo de teste', $4, $5, $6, $7, $8, 'Pessoa Teste admin')
     returning id, municipality_id as "municipalityId", patrimonio_id as "patrimonioId"`,
    [
      tenant.id,
      asset.id,
      asset.numero,
      tenant.sector.id,
      tenant.sector.name,
      dest.id,
      dest.name,
      tenant.users.admin.id,
    ],
  );
}

export interface TestDocument {
  id: number;
  municipalityId: number;
  fileName: string;
}

/** A general document row of the municipality; its file is not written (a download answers 404 "no longer available"). */
export async function newDocument(
  s: Server,
  municipalityId: number,
  opts: { fileName?: string } = {},
): Promise<TestDocument> {
  return one(
    s,
    `insert into documents (municipality_id, file_name, stored_path, mime_type, size, uploaded_by_name)
     values ($1, $2, $3, 'application/pdf', 10, 'Pessoa Teste')
     returning id, municipality_id as "municipalityId", file_name as "fileName"`,
    [municipalityId, opts.fileName ?? `Documento ${uniq()}.pdf`, `files/documentos/${municipalityId}/${uniq()}.pdf`],
  );
}

export interface TestAuditLog {
  id: number;
}

/**
 * An activity-log entry written straight to the table, as an older version of the server (no label, no
 * sector) or another area would have left it; `count` > 1 writes that many (one statement), `createdAt`
 * minus `i` seconds each, all by `userId`.
 */
export async function newAuditLog(
  s: Server,
  opts: {
    municipalityId: number;
    action: string;
    entityType: string;
    entityId?: string | number | null;
    entityLabel?: string | null;
    sectorId?: number | null;
    details?: string | null;
    userId?: number | null;
    userName?: string | null;
    createdAt?: string;
    count?: number;
    /** Seconds between consecutive entries (0: all at the same instant). */
    step?: number;
  },
): Promise<TestAuditLog[]> {
  return s.owner.query<TestAuditLog>(
    `insert into audit_logs (municipality_id, user_id, user_name, action, entity_type, entity_id, entity_label,
                             sector_id, details, created_at)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz - make_interval(secs => (g - 1) * $12)
       from generate_series(1, $11::int) g
     returning id`,
    [
      opts.municipalityId,
      opts.userId ?? null,
      opts.userName ?? null,
      opts.action,
      opts.entityType,
      opts.entityId == null ? null : String(opts.entityId),
      opts.entityLabel ?? null,
      opts.sectorId ?? null,
      opts.details ?? null,
      opts.createdAt ?? new Date().toISOString(),
      opts.count ?? 1,
      opts.step ?? 1,
    ],
  );
}

export interface TestTipoBem {
  id: number;
  municipalityId: number;
  name: string;
}

/** An asset type of the municipality (active unless told otherwise). */
export async function newTipoBem(
  s: Server,
  municipalityId: number,
  opts: { name?: string; usefulLifeMonths?: number; residualValuePct?: string; active?: boolean } = {},
): Promise<TestTipoBem> {
  return one(
    s,
    `insert into tipos_bens (municipality_id, name, useful_life_months, residual_value_pct, active)
     values ($1, $2, $3, $4, $5) returning id, municipality_id as "municipalityId", name`,
    [
      municipalityId,
      opts.name ?? `Tipo Teste ${uniq()}`,
      opts.usefulLifeMonths ?? null,
      opts.residualValuePct ?? null,
      opts.active ?? true,
    ],
  );
}

export interface TestFormaAquisicao {
  id: number;
  municipalityId: number;
  nome: string;
}

/** An acquisition form of the municipality (active). */
export async function newFormaAquisicao(
  s: Server,
  municipalityId: number,
  opts: { nome?: string } = {},
): Promise<TestFormaAquisicao> {
  return one(
    s,
    `insert into formas_aquisicao (municipality_id, name) values ($1, $2)
     returning id, municipality_id as "municipalityId", name as nome`,
    [municipalityId, opts.nome ?? `Forma Teste ${uniq()}`],
  );
}

export interface TestSectorWithLocais extends TestSector {
  locais: TestLocal[];
}

/** A sector with its locais (one generated local when none is named). */
export async function newSectorWithLocais(
  s: Server,
  municipalityId: number,
  opts: { name?: string; code?: string; locais?: string[] } = {},
): Promise<TestSectorWithLocais> {
  const sector = await newSector(s, municipalityId, opts);
  const locais: TestLocal[] = [];
  for (const name of opts.locais ?? [undefined]) locais.push(await newLocal(s, sector, { name }));
  return { ...sector, locais };
}

/** Six sectors of a small city hall, by code, with their locais (the layout `newTown` uses by default). */
export const CITY_SECTORS: Record<string, { name: string; locais: string[] }> = {
  AD: { name: 'Administração', locais: ['Sala da Diretoria', 'Recepção', 'Arquivo Geral'] },
  ED: { name: 'Educação', locais: ['Escola Municipal Centro', 'Secretaria de Educação'] },
  SA: { name: 'Saúde', locais: ['Posto de Saúde Central', 'Farmácia Municipal'] },
  OB: { name: 'Obras e Serviços Urbanos', locais: ['Garagem Municipal', 'Almoxarifado de Obras'] },
  FI: { name: 'Finanças', locais: ['Tesouraria', 'Contabilidade'] },
  TI: { name: 'Tecnologia da Informação', locais: ['Sala de Servidores', 'Suporte Técnico'] },
};

export interface TestTown extends TestMunicipality {
  /** The sectors by code. */
  sectors: Record<string, TestSectorWithLocais>;
  /** One user per role; the `usuario` belongs to the sectors named in `usuarioSectors`. */
  users: Record<MainRole, TestUser>;
}

/**
 * A municipality with several sectors (by code; `CITY_SECTORS` unless given) and one user per role,
 * the `usuario` in the sectors whose codes are in `usuarioSectors`. No asset, no catalogue row.
 */
export async function newTown(
  s: Server,
  opts: {
    name?: string;
    sectors?: Record<string, { name?: string; locais?: string[] }>;
    usuarioSectors?: string[];
  } = {},
): Promise<TestTown> {
  const m = await newMunicipality(s, opts.name);
  const sectors: Record<string, TestSectorWithLocais> = {};
  for (const [code, sector] of Object.entries(opts.sectors ?? CITY_SECTORS))
    sectors[code] = await newSectorWithLocais(s, m.id, { ...sector, code });
  const users = {} as Record<MainRole, TestUser>;
  for (const role of MAIN_ROLES) {
    const sectorIds = role === 'usuario' ? (opts.usuarioSectors ?? []).map((code) => sectors[code].id) : [];
    users[role] = await newUser(s, { municipalityId: m.id, role, sectorIds });
  }
  return { ...m, sectors, users };
}

/**
 * Raw SQL as the owner connection (row-level security does not apply): for tests that change data
 * the way another node or the worker would, or read what the API does not show.
 */
export function ownerQuery<T = Record<string, unknown>>(s: Server, text: string, params: unknown[] = []): Promise<T[]> {
  return s.owner.query<T>(text, params);
}

export interface TestInventario {
  id: number;
  municipalityId: number;
  sectorId: number;
  version: number;
}

/**
 * An inventory in progress of the tenant's sector (scope 'sector'), its commission the tenant's admin,
 * supervisor and usuario, and one `not_found` item per asset of the sector (as the API's snapshot).
 * Straight in the tables: no audit row or event.
 */
export async function newInventario(
  s: Server,
  tenant: TestTenant,
  opts: { title?: string; status?: 'in_progress' | 'completed' } = {},
): Promise<TestInventario> {
  const inv = await one<TestInventario>(
    s,
    `insert into inventarios (municipality_id, title, kind, sector_id, sector_name, scope, start_date, status)
     values ($1, $2, 'anual', $3, $4, 'sector', current_date, $5)
     returning id, municipality_id as "municipalityId", sector_id as "sectorId", version`,
    [
      tenant.id,
      opts.title ?? `Inventário ${uniq()}`,
      tenant.sector.id,
      tenant.sector.name,
      opts.status ?? 'in_progress',
    ],
  );
  for (const u of [tenant.users.admin, tenant.users.supervisor, tenant.users.usuario]) {
    await s.owner.query(
      'insert into inventario_comissao (municipality_id, inventario_id, user_id, user_name) values ($1, $2, $3, $4)',
      [tenant.id, inv.id, u.id, u.name],
    );
  }
  await s.owner.query(
    `with ins as (
       insert into inventario_items (municipality_id, inventario_id, patrimonio_id, numero_patrimonio, descricao_bem,
                                     local_id, local_name, valor_aquisicao)
       select municipality_id, $1, id, numero_patrimonio, descricao_bem, local_id, local_nome, valor_aquisicao
         from patrimonios where municipality_id = $2 and sector_id = $3 and status <> 'baixado' and not doado
       returning 1)
     update inventarios set total_items = (select count(*) from ins) where id = $1`,
    [inv.id, tenant.id, tenant.sector.id],
  );
  return inv;
}

/** A reading of the inventory's log ('nao_cadastrado' of a made-up number), straight in the table. */
export async function newLeitura(s: Server, inv: TestInventario): Promise<{ seq: number }> {
  return one(
    s,
    `insert into inventario_readings (municipality_id, inventario_id, client_id, scanned_number, result, read_at)
     values ($1, $2, gen_random_uuid(), $3, 'nao_cadastrado', now()) returning seq`,
    [inv.municipalityId, inv.id, `X-${uniq()}`],
  );
}

/** A record-sheet template of the municipality (issue 11, fichas). */
export async function newFichaTemplate(
  s: Server,
  municipalityId: number,
  name = `Ficha ${uniq()}`,
): Promise<{ id: number }> {
  return one(
    s,
    `insert into ficha_templates (municipality_id, name, fields, signatures)
     values ($1, $2, '["numero_patrimonio"]'::jsonb, '[]'::jsonb) returning id`,
    [municipalityId, name],
  );
}

/** A rendered-later version of the custody term of the tenant's sector (issue 11, termos). */
export async function newTermoVersao(s: Server, tenant: TestTenant): Promise<{ id: number }> {
  return one(
    s,
    `insert into termo_versions (municipality_id, sector_id, sector_name, number, version_number, reason, items, total)
     values ($1, $2, $3, $4, 1, 'Emissão manual', '[]'::jsonb, 0) returning id`,
    [tenant.id, tenant.sector.id, tenant.sector.name, `TR-T/${uniq()}`],
  );
}

/** A label template of the municipality (60 × 40 mm, one number field), straight in the table. */
export async function newLabelTemplate(s: Server, municipalityId: number, name = `Etiqueta ${uniq()}`) {
  return one<{ id: number; version: number }>(
    s,
    `insert into etiqueta_templates (municipality_id, name, width, height, elements)
     values ($1, $2, 60, 40, $3::jsonb) returning id, version`,
    [
      municipalityId,
      name,
      JSON.stringify([
        {
          id: 'n',
          type: 'PATRIMONIO_FIELD',
          x: 2,
          y: 2,
          width: 50,
          height: 10,
          content: 'numero_patrimonio',
          fontSize: 12,
          fontWeight: 'bold',
          textAlign: 'left',
        },
      ]),
    ],
  );
}

export interface TestReportTemplate {
  id: number;
  municipalityId: number;
  name: string;
}

/** A report template of the municipality (a table of number and description). */
export async function newReportTemplate(
  s: Server,
  municipalityId: number,
  name = `Modelo ${uniq()}`,
): Promise<TestReportTemplate> {
  const layout = [{ id: 't', type: 'TABLE', x: 0, y: 0, w: 12, h: 10, styles: {}, props: {} }];
  return one(
    s,
    `insert into relatorio_templates (municipality_id, name, fields, layout) values ($1, $2, $3::jsonb, $4::jsonb)
     returning id, municipality_id as "municipalityId", name`,
    [municipalityId, name, JSON.stringify(['numero_patrimonio', 'descricao_bem']), JSON.stringify(layout)],
  );
}

/** A saved report config of `userId` over a new template of the municipality. */
export async function newReportConfig(s: Server, municipalityId: number, userId: number): Promise<{ id: number }> {
  const t = await newReportTemplate(s, municipalityId);
  return one(
    s,
    `insert into relatorio_configs (municipality_id, user_id, template_id, name) values ($1, $2, $3, $4) returning id`,
    [municipalityId, userId, t.id, `Config ${uniq()}`],
  );
}

/** An uploaded register (importacoes row) of the municipality; its file is not on disk (enough for access checks). */
export async function newImportacao(s: Server, municipalityId: number): Promise<{ id: string }> {
  return one(
    s,
    `insert into importacoes (municipality_id, file_path, file_name, size, format, headers, preview)
     values ($1, $2, 'cadastro.csv', 10, 'csv', '["Tombamento"]'::jsonb, '[]'::jsonb) returning id`,
    [municipalityId, `files/importacoes/${municipalityId}/${uniq()}.csv`],
  );
}

/** A completed backups row of the municipality (no archive on disk: for access checks). */
export async function newBackupRow(s: Server, municipalityId: number): Promise<{ id: number }> {
  return one(
    s,
    `insert into backups (municipality_id, kind, status, file_path, file_name, size, sha256, finished_at)
     values ($1, 'manual', 'completed', $2, 'backup.tar.gz', 1, $3, now()) returning id`,
    [municipalityId, `backups/m${municipalityId}/missing-${uniq()}.tar.gz`, '0'.repeat(64)],
  );
}

export interface TestImovel {
  id: number;
  municipalityId: number;
  sectorId: number | null;
  numero: string;
  denominacao: string;
}

/**
 * A property (imoveis row) of the municipality, optionally of a sector of it, straight in the table (the
 * register's own API is another area's): no history line, audit row or event.
 */
export async function newImovel(
  s: Server,
  municipalityId: number,
  opts: { sectorId?: number | null; denominacao?: string } = {},
): Promise<TestImovel> {
  const numero = `IM-${uniq()}`;
  const row = await one<TestImovel | undefined>(
    s,
    `insert into imoveis (municipality_id, numero_patrimonio, denominacao, endereco, sector_id, setor_nome)
     select $1, $2, $3, 'Rua de Teste, 100', s.id, s.name
       from (select 1) x left join sectors s on s.id = $4 and s.municipality_id = $1
     returning id, municipality_id as "municipalityId", sector_id as "sectorId", numero_patrimonio as numero,
               denominacao`,
    [municipalityId, numero, opts.denominacao ?? `Imóvel de teste ${numero}`, opts.sectorId ?? null],
  );
  if (!row) throw new Error(`newImovel: could not insert for municipality ${municipalityId}`);
  return row;
}

export interface TestManutencao {
  id: number;
  municipalityId: number;
  imovelId: number;
  version: number;
}

/** A pending maintenance task of the property, due `due` ('yyyy-MM-dd'; default 30 days from today), straight in the table. */
export async function newManutencao(
  s: Server,
  imovel: Pick<TestImovel, 'id' | 'municipalityId'>,
  opts: { due?: string; titulo?: string; status?: string; recorrencia?: string | null } = {},
): Promise<TestManutencao> {
  return one(
    s,
    `insert into manutencoes (municipality_id, imovel_id, title, kind, due_date, status, recurrence)
     values ($1, $2, $3, 'preventiva', coalesce($4::date, current_date + 30), $5, $6)
     returning id, municipality_id as "municipalityId", imovel_id as "imovelId", version`,
    [
      imovel.municipalityId,
      imovel.id,
      opts.titulo ?? `Tarefa ${uniq()}`,
      opts.due ?? null,
      opts.status ?? 'pendente',
      opts.recorrencia ?? null,
    ],
  );
}

export interface TestImovelRow {
  id: number;
  municipalityId: number;
  numero_patrimonio: string;
  denominacao: string;
}

/**
 * A property of the municipality, inserted directly (the register's own API is another area's): `fields`
 * are column values by their database names (`area_construida`, `situacao`, `custom_fields`…).
 */
export async function newImovelRow(
  s: Server,
  municipalityId: number,
  fields: Record<string, unknown> = {},
): Promise<TestImovelRow> {
  const values: Record<string, unknown> = {
    numero_patrimonio: `IM-${uniq().toUpperCase()}`,
    denominacao: `Imóvel Teste ${uniq()}`,
    endereco: 'Rua Teste, 100',
    ...fields,
  };
  const cols = Object.keys(values);
  const params = cols.map((c) =>
    c === 'custom_fields' && typeof values[c] !== 'string' ? JSON.stringify(values[c]) : values[c],
  );
  return one(
    s,
    `insert into imoveis (municipality_id, ${cols.map((c) => `"${c}"`).join(', ')})
     values ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})
     returning id, municipality_id as "municipalityId", numero_patrimonio, denominacao`,
    [municipalityId, ...params],
  );
}

/** A custom imóvel field of the municipality (TEXT, optional). */
export async function newImovelField(s: Server, municipalityId: number): Promise<{ id: number; key: string }> {
  const key = `campo_${uniq()}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const { id } = await one<{ id: number }>(
    s,
    `insert into imovel_fields (municipality_id, key, label, type, position) values ($1, $2, $3, 'TEXT', 100) returning id`,
    [municipalityId, key, `Campo ${key}`],
  );
  return { id, key };
}

/** A closed month (competência 'YYYY-MM') of the municipality, as the monthly close leaves it ('concluido'). */
export async function newFechamento(
  s: Server,
  municipalityId: number,
  competencia: string,
): Promise<{ id: number; competencia: string }> {
  return one(
    s,
    `insert into depreciacao_closings (municipality_id, competencia, status, concluded_at)
     values ($1, $2, 'concluido', now()) returning id, competencia`,
    [municipalityId, competencia],
  );
}

export interface TestLancamento {
  patrimonioId: number;
  competencia: string;
  valorBruto: string;
  quota: string;
  acumulada: string;
  perdas: string;
  valorResidual: string;
  valorContabil: string;
}

/** One asset's entry of a closed month, inserted directly (as the monthly close writes it); money as "1234.50". */
export async function newLancamento(
  s: Server,
  municipalityId: number,
  e: Omit<TestLancamento, 'perdas' | 'valorResidual'> & { perdas?: string; valorResidual?: string },
): Promise<TestLancamento> {
  return one(
    s,
    `insert into depreciacao_lancamentos (municipality_id, patrimonio_id, competencia, valor_bruto, quota, acumulada,
                                          perdas, valor_residual, valor_contabil)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning patrimonio_id as "patrimonioId", competencia, valor_bruto::text as "valorBruto", quota::text,
               acumulada::text, perdas::text, valor_residual::text as "valorResidual", valor_contabil::text as "valorContabil"`,
    [
      municipalityId,
      e.patrimonioId,
      e.competencia,
      e.valorBruto,
      e.quota,
      e.acumulada,
      e.perdas ?? '0',
      e.valorResidual ?? '0',
      e.valorContabil,
    ],
  );
}
