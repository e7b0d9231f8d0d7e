import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatCount, formatInteger, type FinalizarResponse } from '@tombo/shared';

interface Props {
  open: boolean;
  busy: boolean;
  /** Items still not found (they become extraviado). */
  faltantes: number;
  pending: number;
  result: FinalizarResponse | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms finalizing (what happens to the items not found), then lists the assets marked extraviado. */
export function FinalizeDialog({ open, busy, faltantes, pending, result, onConfirm, onClose }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="finalizar-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone && !!result}
    >
      <DialogTitle id="finalizar-title">{result ? 'Inventário finalizado' : 'Finalizar inventário'}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <DialogContentText>
              {result.extraviados.length === 0
                ? 'Todos os bens foram encontrados; nenhum bem foi marcado como extraviado.'
                : result.extraviados.length === 1
                  ? '1 bem não encontrado foi marcado como extraviado:'
                  : `${formatInteger(result.extraviados.length)} bens não encontrados foram marcados como extraviados:`}
            </DialogContentText>
            {result.extraviados.length > 0 && (
              <List dense aria-label="Bens marcados como extraviados" data-testid="extraviados">
                {result.extraviados.map((b) => (
                  <ListItem key={b.id} disableGutters divider>
                    <ListItemText primary={b.numero_patrimonio} secondary={b.descricao_bem} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : (
          <DialogContentText component="div">
            A contagem será encerrada para toda a comissão.{' '}
            {faltantes > 0
              ? faltantes === 1
                ? 'O bem ainda não encontrado será marcado como extraviado.'
                : `Os ${formatInteger(faltantes)} bens ainda não encontrados serão marcados como extraviados.`
              : 'Todos os bens já foram encontrados.'}
            {pending > 0 && (
              <strong>{` Atenção: ${formatCount(pending, 'leitura', 'leituras')} deste aparelho ainda ${pending === 1 ? 'aguarda' : 'aguardam'} envio.`}</strong>
            )}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={onClose} variant="contained">
            Fechar
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button onClick={onConfirm} variant="contained" color="error" disabled={busy}>
              Finalizar
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
