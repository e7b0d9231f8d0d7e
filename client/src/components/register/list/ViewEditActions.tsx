import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

/** A register row's 'Ver detalhes' and (when given) 'Editar' links; `name` says which record ('bem 2026AD000001'). */
export function ViewEditActions({ name, view, edit }: { name: string; view: string; edit?: string }) {
  return (
    <>
      <Tooltip title="Ver detalhes">
        <IconButton size="small" aria-label={`Ver ${name}`} component={RouterLink} to={view}>
          <VisibilityOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {edit && (
        <Tooltip title="Editar">
          <IconButton size="small" aria-label={`Editar ${name}`} component={RouterLink} to={edit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
