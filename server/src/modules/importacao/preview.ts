import type { ImportacaoAnalise, ImportacaoAtualizacao, ImportacaoMapping } from '@tombo/shared';
import type { AppContext } from '../../context';
import { read } from '../../db/tx';
import type { GoodRow } from '../../spreadsheet/import';
import type { TenantScope } from '../../tenancy/scope';
import { estadoOf, statusOf } from '../patrimonios';
import { guessEstado, guessStatus } from './guess';
import type { ParsedRow } from './rows';
import { diffAsset, existingByNumber } from './updates';

/** Assets a preview lists field by field (all are counted). */
const PREVIEW_ITEMS = 500;

/**
 * The analysis' preview of a re-import: for each row whose number is in the register, what would change
 * (the file's texts against the asset; catalog values by name, as the value step will map them).
 */
export class UpdatePreview {
  count = 0;
  unchanged = 0;
  items: ImportacaoAtualizacao[] = [];
  constructor(
    private ctx: Pick<AppContext, 'db'>,
    private scope: TenantScope,
    private mapping: ImportacaoMapping,
  ) {}

  /** Compares a batch of good rows with the assets of their numbers. */
  async add(rows: Array<GoodRow<ParsedRow>>): Promise<void> {
    const existing = await read(this.ctx, this.scope, (tx) =>
      existingByNumber(
        tx,
        this.scope,
        rows.map((r) => r.value.numero),
      ),
    );
    const m = this.mapping;
    const mapped = (f: 'tipo' | 'forma' | 'local' | 'status' | 'estado', v: string) =>
      m[f] != null && v !== '' ? v : undefined;
    for (const { line, value: r } of rows) {
      const old = existing.get(r.numero);
      if (!old) continue;
      this.count++;
      const status = mapped('status', r.status);
      const estado = mapped('estado', r.estado);
      const changes = diffAsset(old, {
        descricao: r.descricao,
        valor: m.valor != null ? r.valor : undefined,
        data: m.data != null ? r.data : undefined,
        quantidade: m.quantidade != null ? r.quantidade : undefined,
        observacoes: m.observacoes != null ? r.observacoes : undefined,
        tipo: mapped('tipo', r.tipo),
        forma: mapped('forma', r.forma),
        local: mapped('local', r.local),
        status:
          status && (guessStatus(status) === 'doado' ? 'doado' : (statusOf(status) ?? guessStatus(status) ?? status)),
        estado: estado && (estadoOf(estado) ?? guessEstado(estado) ?? estado),
      });
      if (!changes.length) this.unchanged++;
      else if (this.items.length < PREVIEW_ITEMS) this.items.push({ numero: r.numero, line, changes });
    }
  }

  /** The preview as the analysis answers it. */
  result(): NonNullable<ImportacaoAnalise['atualizacoes']> {
    return { count: this.count, unchanged: this.unchanged, items: this.items };
  }
}
