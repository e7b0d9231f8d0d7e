import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import {
  PATRIMONIO_SORT_KEYS,
  PATRIMONIO_STANDARD_KEYS,
  cnpjText,
  formatDate,
  formatDateTime,
  formatMoney,
  type FormField,
  type PatrimonioListItem,
} from '@tombo/shared';
import { ViewEditActions, type RegisterColumn } from '../../../components/register';
import { customFieldText } from '../../../components/register/form';
import { COLUMN_LABELS, estadoLabel } from '../labels';
import { StatusChip } from '../StatusChip';

type Col = RegisterColumn<PatrimonioListItem>;
export const assetHref = (r: { id: number }) => `/bens-cadastrados/ver/${r.id}`;
const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

const col = (field: keyof PatrimonioListItem & string, width: number | undefined, extra: Partial<Col> = {}): Col => ({
  field,
  header: COLUMN_LABELS[field],
  width,
  sort: (PATRIMONIO_SORT_KEYS as readonly string[]).includes(field) ? field : undefined,
  text: (r) => String(r[field] ?? '—'),
  ...extra,
});

/**
 * The asset list's columns: at 1366 px the default ones fit beside the menu; the rest (and every custom field) are
 * one click away in 'Colunas'.
 */
export function assetColumns(customFields: FormField[]): Col[] {
  return [
    col('numero_patrimonio', 124, {
      render: (r) => (
        <Link
          component={RouterLink}
          to={assetHref(r)}
          underline="hover"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          onClick={stop}
        >
          {r.numero_patrimonio}
        </Link>
      ),
    }),
    col('descricao_bem', undefined, { minWidth: 220, lines: 2 }),
    col('tipo', 110),
    col('setor_responsavel', 130),
    col('local_objeto', 150, { hidden: true }),
    col('status', 112, { text: (r) => r.status, render: (r) => <StatusChip status={r.status} /> }),
    col('valor_aquisicao', 104, { align: 'right', text: (r) => formatMoney(r.valor_aquisicao) }),
    col('data_aquisicao', 96, {
      header: 'Aquisição',
      text: (r) => (r.data_aquisicao ? formatDate(r.data_aquisicao) : '—'),
    }),
    col('quantidade', 70, { align: 'right', hidden: true }),
    col('forma_aquisicao', 160, { hidden: true }),
    col('estado_conservacao', 130, { hidden: true, text: (r) => estadoLabel(r.estado_conservacao) }),
    col('createdAt', 150, { hidden: true, text: (r) => formatDateTime(r.createdAt) }),
    col('updatedAt', 150, { hidden: true, text: (r) => formatDateTime(r.updatedAt) }),
    // The standard fields (issue 35), one click away in 'Colunas'; not sortable (no index per field).
    ...PATRIMONIO_STANDARD_KEYS.map((k) =>
      col(k, k === 'fornecedorNome' || k === 'fonteRecurso' ? 180 : 130, {
        hidden: true,
        text: (r) => {
          const v = r[k];
          if (!v) return '—';
          if (k === 'fornecedorCnpj') return cnpjText(v);
          return k === 'notaFiscalData' || k === 'dataBaixa' ? formatDate(v) : v;
        },
      }),
    ),
    ...customFields.map<Col>((f) => ({
      field: `cf.${f.key}`,
      header: f.label,
      width: 150,
      hidden: true,
      text: (r) => customFieldText(f, r.customFields?.[f.key]) || '—',
    })),
  ];
}

/** The row's actions: see, and edit for those who may. */
export const assetActions = (canUpdate: boolean) =>
  function RowActions(r: { id: number; numero_patrimonio: string }) {
    return (
      <ViewEditActions
        name={`bem ${r.numero_patrimonio}`}
        view={assetHref(r)}
        edit={canUpdate ? `/bens-cadastrados/editar/${r.id}` : undefined}
      />
    );
  };
