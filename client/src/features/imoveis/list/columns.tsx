import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import {
  IMOVEL_SORT_KEYS,
  formatDate,
  formatDateTime,
  formatMoney,
  type ImovelField,
  type ImovelListItem,
} from '@tombo/shared';
import { customText, formatArea } from '../format';
import { IMOVEL_LABELS } from '../labels';
import { SituacaoChip } from '../SituacaoChip';

/** Columns hidden until the person shows them (custom fields are hidden too). */
export const BASE_HIDDEN = [
  'cep',
  'cidade',
  'area_terreno',
  'forma_aquisicao',
  'data_aquisicao',
  'valor_aquisicao',
  'createdAt',
  'updatedAt',
];
/** Columns the server can sort by. */
export const SORTABLE = new Set<string>(IMOVEL_SORT_KEYS);

type Col = GridColDef<ImovelListItem>;
const dash = (v: string | null | undefined) => v || '—';
const text = (field: keyof ImovelListItem & string, width: number): Col => ({
  field,
  headerName: IMOVEL_LABELS[field],
  width,
  valueGetter: (_v, r) => dash(r[field] as string | null),
});
const area = (field: 'area_construida' | 'area_terreno'): Col => ({
  field,
  headerName: IMOVEL_LABELS[field],
  width: 140,
  type: 'number',
  headerAlign: 'right',
  align: 'right',
  valueFormatter: (v: string | null) => formatArea(v),
});

/** The grid's columns: the record's fields, one per custom field, then the row actions. */
export function useListColumns(customFields: ImovelField[], canUpdate: boolean): Col[] {
  return useMemo<Col[]>(() => {
    const cols: Col[] = [
      {
        field: 'numero_patrimonio',
        headerName: IMOVEL_LABELS.numero_patrimonio,
        width: 140,
        renderCell: (p) => (
          <Link
            component={RouterLink}
            to={`/imoveis/ver/${p.row.id}`}
            underline="hover"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            onClick={(e) => e.stopPropagation()}
          >
            {p.row.numero_patrimonio}
          </Link>
        ),
      },
      { field: 'denominacao', headerName: IMOVEL_LABELS.denominacao, flex: 1, minWidth: 200 },
      { ...text('endereco', 220), flex: 1, minWidth: 180 },
      text('bairro', 140),
      text('cep', 100),
      text('cidade', 140),
      {
        field: 'situacao',
        headerName: IMOVEL_LABELS.situacao,
        width: 140,
        renderCell: (p) => <SituacaoChip situacao={p.row.situacao} />,
      },
      text('utilizacao', 150),
      text('setor_responsavel', 170),
      area('area_construida'),
      area('area_terreno'),
      text('forma_aquisicao', 160),
      {
        field: 'data_aquisicao',
        headerName: IMOVEL_LABELS.data_aquisicao,
        width: 140,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : '—'),
      },
      {
        field: 'valor_aquisicao',
        headerName: IMOVEL_LABELS.valor_aquisicao,
        width: 150,
        type: 'number',
        headerAlign: 'right',
        align: 'right',
        valueFormatter: (v: string | null) => (v ? formatMoney(v) : '—'),
      },
      {
        field: 'createdAt',
        headerName: IMOVEL_LABELS.createdAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      {
        field: 'updatedAt',
        headerName: IMOVEL_LABELS.updatedAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      ...customFields.map<Col>((f) => ({
        field: `cf.${f.key}`,
        headerName: f.label,
        width: 150,
        sortable: false,
        valueGetter: (_v, r) => customText(f, r.customFields?.[f.key]),
      })),
      {
        field: 'acoes',
        headerName: 'Ações',
        width: 100,
        sortable: false,
        hideable: false,
        disableColumnMenu: true,
        align: 'right',
        headerAlign: 'right',
        renderCell: (p) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="Ver detalhes">
              <IconButton
                size="small"
                aria-label={`Ver imóvel ${p.row.numero_patrimonio}`}
                component={RouterLink}
                to={`/imoveis/ver/${p.row.id}`}
                onClick={(e) => e.stopPropagation()}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {canUpdate && (
              <Tooltip title="Editar">
                <IconButton
                  size="small"
                  aria-label={`Editar imóvel ${p.row.numero_patrimonio}`}
                  component={RouterLink}
                  to={`/imoveis/editar/${p.row.id}`}
                  onClick={(e) => e.stopPropagation()}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ];
    return cols.map((c) => (SORTABLE.has(c.field) || c.sortable === false ? c : { ...c, sortable: false }));
  }, [customFields, canUpdate]);
}
