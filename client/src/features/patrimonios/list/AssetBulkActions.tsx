import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import EditNote from '@mui/icons-material/EditNote';
import QrCode2 from '@mui/icons-material/QrCode2';
import type { PatrimonioListItem } from '@tombo/shared';
import type { Selection } from '../../../components/register';
import { PrintFichaButton } from '../../fichas';
import { BulkEditDialog } from './BulkEditDialog';

/** What the ticked assets can get: labels, record sheets, and an edit of chosen fields (also of every filtered one). */
export function AssetBulkActions({
  selection,
  done,
  canUpdate,
  canPrint,
}: {
  selection: Selection<PatrimonioListItem>;
  done: () => void;
  canUpdate: boolean;
  canPrint: boolean;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const ids = selection.kind === 'rows' ? selection.rows.map((r) => r.id) : [];
  return (
    <>
      {selection.kind === 'rows' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<QrCode2 />}
          onClick={() => navigate('/gerar-etiquetas', { state: { patrimonioIds: ids } })}
          data-testid="gerar-etiquetas-selecao"
        >
          Gerar etiquetas ({ids.length})
        </Button>
      )}
      {canPrint && ids.length > 1 && <PrintFichaButton patrimonioIds={ids} />}
      {canUpdate && (
        <Button size="small" variant="contained" startIcon={<EditNote />} onClick={() => setEditing(true)}>
          Editar em lote
        </Button>
      )}
      {editing && (
        <BulkEditDialog
          selection={selection}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            done();
          }}
        />
      )}
    </>
  );
}
