import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';

/** Why a bulk action was refused: the message, then each refused record with its reason. */
export interface BulkRefusal {
  message: string;
  items: Array<{ label: string; reason: string }>;
  /** The server may apply the action to the others (the refused ones left as they are). */
  canSkip?: boolean;
}

/** A bulk action's refusal, shown in its dialog (nothing was written). */
export function BulkProblem({ problem }: { problem: BulkRefusal }) {
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="lote-recusa">
      {problem.message}
      {problem.items.length > 0 && (
        <List dense disablePadding aria-label="Registros recusados" sx={{ maxHeight: 200, overflow: 'auto', mt: 1 }}>
          {problem.items.slice(0, 200).map((x) => (
            <ListItem key={x.label} disableGutters sx={{ py: 0, display: 'block' }}>
              <strong>{x.label}</strong>: {x.reason}
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}
