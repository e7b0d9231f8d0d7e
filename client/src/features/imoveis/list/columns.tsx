import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import {
  IMOVEL_SORT_KEYS,
  formatDate,
  formatDateTime,
  formatMoney,
  type ImovelField,
  type ImovelListItem,
} from '@tombo/shared';
import { ViewEditActions, type RegisterColumn } from '../../../components/register';
import { formatArea } from '../format';
import { customFieldText } from '../../../components/register/form';
import { IMOVEL_LABELS, situacaoLabel } from '../labels';
import { SituacaoChip } from '../SituacaoChip';

type Col = RegisterColumn<ImovelListItem>;
export const imovelHref = (r: { id: number }) => `/imoveis/ver/${r.id}`;

const col = (field: keyof ImovelListItem & string, width: number | undefined, extra: Partial<Col> = {}): Col => ({
  field,
  header: IMOVEL_LABELS[field],
  width,
  sort: (IMOVEL_SORT_KEYS as readonly string[]).includes(field) ? field : undefined,
  text: (r) => String(r[field] ?? '—'),
  ...extra,
});

/** The property list's columns: the default ones fit 1366 px; the rest are in 'Colunas'. */
export function imovelColumns(customFields: ImovelField[]): Col[] {
  return [
    col('numero_patrimonio', 128, {
      render: (r) => (
        <Link
          component={RouterLink}
          to={imovelHref(r)}
          underline="hover"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          onClick={(e) => e.stopPropagation()}
        >
          {r.numero_patrimonio}
        </Link>
      ),
    }),
    col('denominacao', undefined, { minWidth: 190, lines: 2 }),
    col('endereco', 170, { lines: 2 }),
    col('bairro', 110),
    col('cep', 100, { hidden: true }),
    col('cidade', 130, { hidden: true }),
    col('situacao', 112, {
      text: (r) => situacaoLabel(r.situacao),
      render: (r) => <SituacaoChip situacao={r.situacao} />,
    }),
    col('utilizacao', 140, { hidden: true }),
    col('setor_responsavel', 130),
    col('area_construida', 110, { align: 'right', text: (r) => formatArea(r.area_construida) }),
    col('area_terreno', 120, { align: 'right', hidden: true, text: (r) => formatArea(r.area_terreno) }),
    col('forma_aquisicao', 150, { hidden: true }),
    col('data_aquisicao', 110, {
      hidden: true,
      text: (r) => (r.data_aquisicao ? formatDate(r.data_aquisicao) : '—'),
    }),
    col('valor_aquisicao', 140, {
      align: 'right',
      hidden: true,
      text: (r) => (r.valor_aquisicao ? formatMoney(r.valor_aquisicao) : '—'),
    }),
    col('createdAt', 150, { hidden: true, text: (r) => formatDateTime(r.createdAt) }),
    col('updatedAt', 150, { hidden: true, text: (r) => formatDateTime(r.updatedAt) }),
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
export const imovelActions = (canUpdate: boolean) =>
  function RowActions(r: { id: number; numero_patrimonio: string }) {
    return (
      <ViewEditActions
        name={`imóvel ${r.numero_patrimonio}`}
        view={imovelHref(r)}
        edit={canUpdate ? `/imoveis/editar/${r.id}` : undefined}
      />
    );
  };
