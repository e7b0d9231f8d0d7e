import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';

/**
 * The 'Editar' / 'Excluir' buttons of a table row. `label` names the record for screen readers
 * ('Editar setor Educação'); a button is left out when its handler is not given.
 */
export function RowActions({ label, onEdit, onDelete }: { label: string; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <>
      {onEdit && (
        <Tooltip title="Editar">
          <IconButton aria-label={`Editar ${label}`} onClick={onEdit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title="Excluir">
          <IconButton aria-label={`Excluir ${label}`} color="error" onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
