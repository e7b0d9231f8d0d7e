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
  PATRIMONIO_SORT_KEYS,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  type FormField,
  type PatrimonioListItem,
} from '@tombo/shared';
import { COLUMN_LABELS, estadoLabel } from '../labels';
import { StatusChip } from '../StatusChip';

/** Columns hidden until the person shows them (custom fields are hidden too). */
export const BASE_HIDDEN = ['quantidade', 'forma_aquisicao', 'estado_conservacao', 'createdAt', 'updatedAt'];
/** Columns the server can sort by. */
export const SORTABLE = new Set<string>(PATRIMONIO_SORT_KEYS);

function customValue(f: FormField, v: unknown): string {
  if (v == null || v === '') return '';
  if (f.type === 'BOOLEAN') return v === true || v === 'true' ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** The grid's columns: the record's fields, one per custom field, then the row actions. */
export function useListColumns(customFields: FormField[], canUpdate: boolean): GridColDef<PatrimonioListItem>[] {
  return useMemo<GridColDef<PatrimonioListItem>[]>(() => {
    const cols: GridColDef<PatrimonioListItem>[] = [
      {
        field: 'numero_patrimonio',
        headerName: COLUMN_LABELS.numero_patrimonio,
        width: 150,
        renderCell: (p) => (
          <Link
            component={RouterLink}
            to={`/bens-cadastrados/ver/${p.row.id}`}
            underline="hover"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            onClick={(e) => e.stopPropagation()}
          >
            {p.row.numero_patrimonio}
          </Link>
        ),
      },
      { field: 'descricao_bem', headerName: COLUMN_LABELS.descricao_bem, flex: 1, minWidth: 220 },
      { field: 'tipo', headerName: COLUMN_LABELS.tipo, width: 150, valueGetter: (_v, r) => r.tipo ?? '—' },
      { field: 'setor_responsavel', headerName: COLUMN_LABELS.setor_responsavel, width: 180 },
      {
        field: 'local_objeto',
        headerName: COLUMN_LABELS.local_objeto,
        width: 170,
        valueGetter: (_v, r) => r.local_objeto ?? '—',
      },
      {
        field: 'status',
        headerName: COLUMN_LABELS.status,
        width: 140,
        renderCell: (p) => <StatusChip status={p.row.status} />,
      },
      {
        field: 'valor_aquisicao',
        headerName: COLUMN_LABELS.valor_aquisicao,
        width: 140,
        type: 'number',
        headerAlign: 'right',
        align: 'right',
        valueFormatter: (v: string) => formatMoney(v),
      },
      { field: 'quantidade', headerName: COLUMN_LABELS.quantidade, width: 80, type: 'number' },
      {
        field: 'data_aquisicao',
        headerName: COLUMN_LABELS.data_aquisicao,
        width: 150,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : '—'),
      },
      {
        field: 'forma_aquisicao',
        headerName: COLUMN_LABELS.forma_aquisicao,
        width: 170,
        valueGetter: (_v, r) => r.forma_aquisicao ?? '—',
      },
      {
        field: 'estado_conservacao',
        headerName: COLUMN_LABELS.estado_conservacao,
        width: 130,
        valueGetter: (_v, r) => estadoLabel(r.estado_conservacao),
      },
      {
        field: 'createdAt',
        headerName: COLUMN_LABELS.createdAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      {
        field: 'updatedAt',
        headerName: COLUMN_LABELS.updatedAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      ...customFields.map<GridColDef<PatrimonioListItem>>((f) => ({
        field: `cf.${f.key}`,
        headerName: f.label,
        width: 150,
        sortable: false,
        valueGetter: (_v, r) => customValue(f, r.customFields?.[f.key]),
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
                aria-label={`Ver bem ${p.row.numero_patrimonio}`}
                component={RouterLink}
                to={`/bens-cadastrados/ver/${p.row.id}`}
                onClick={(e) => e.stopPropagation()}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {canUpdate && (
              <Tooltip title="Editar">
                <IconButton
                  size="small"
                  aria-label={`Editar bem ${p.row.numero_patrimonio}`}
                  component={RouterLink}
                  to={`/bens-cadastrados/editar/${p.row.id}`}
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
