import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { FIELD_TYPE_LABELS, type FieldType } from '@tombo/shared';

/** What the list shows of a form field (an asset's, a property's or the installation's). */
export interface ListedField {
  id: number;
  label: string;
  key: string;
  type: FieldType;
  required: boolean;
  isSystem?: boolean;
}

/**
 * A form's fields in order, with move up/down, edit and delete for who manages them (the asset form,
 * the property form, the installation's fields). A system field is never deleted: its delete button is
 * disabled with `systemDeleteHint` as the reason, or absent without one.
 */
export function FieldList<F extends ListedField>({
  fields,
  ariaLabel,
  canManage,
  reordering,
  onMove,
  onEdit,
  onDelete,
  chips,
  manageable = () => true,
  systemDeleteHint,
}: {
  fields: F[];
  ariaLabel: string;
  canManage: boolean;
  reordering: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onEdit: (f: F) => void;
  onDelete: (f: F) => void;
  /** Chips after the type and the key (Sistema, Padrão, Instalação, the options…). */
  chips?: (f: F) => ReactNode;
  /** Whether this field's actions show (an installation field is only shown on a municipality's list). */
  manageable?: (f: F) => boolean;
  systemDeleteHint?: string;
}) {
  return (
    <Paper variant="outlined">
      <List aria-label={ariaLabel}>
        {fields.map((f, i) => (
          <ListItem
            key={f.id}
            divider={i < fields.length - 1}
            secondaryAction={
              canManage &&
              manageable(f) && (
                <Box sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Mover para cima">
                    <span>
                      <IconButton
                        aria-label={`Mover ${f.label} para cima`}
                        disabled={i === 0 || reordering}
                        onClick={() => onMove(i, -1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Mover para baixo">
                    <span>
                      <IconButton
                        aria-label={`Mover ${f.label} para baixo`}
                        disabled={i === fields.length - 1 || reordering}
                        onClick={() => onMove(i, 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Editar">
                    <IconButton aria-label={`Editar campo ${f.label}`} onClick={() => onEdit(f)}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {f.isSystem && !systemDeleteHint ? (
                    // An empty slot keeps the columns aligned.
                    <Box component="span" sx={{ display: 'inline-block', width: 36 }} />
                  ) : (
                    <Tooltip title={f.isSystem ? systemDeleteHint : 'Excluir'}>
                      <span>
                        <IconButton
                          aria-label={`Excluir campo ${f.label}`}
                          color="error"
                          disabled={f.isSystem}
                          onClick={() => onDelete(f)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </Box>
              )
            }
            sx={{ pr: canManage ? { xs: 22, sm: 24 } : 2 }}
          >
            <ListItemText
              primary={
                <>
                  {f.label}
                  {f.required && (
                    <Box component="span" sx={{ color: 'error.main' }} aria-label="obrigatório">
                      {' '}
                      *
                    </Box>
                  )}
                </>
              }
              secondary={
                <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                  <Chip size="small" label={FIELD_TYPE_LABELS[f.type]} />
                  <Chip size="small" variant="outlined" label={f.key} sx={{ fontFamily: 'monospace' }} />
                  {f.isSystem && <Chip size="small" color="primary" variant="outlined" label="Sistema" />}
                  {chips?.(f)}
                </Box>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
