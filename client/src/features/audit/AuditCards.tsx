import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@tombo/shared';
import { FRESH_SX } from './AuditTable';
import { ActionChip, ChangesSummary, RecordLabel, authorOf, type EntriesProps } from './parts';

/** Under 768 px: one card per entry (action, record, author and time, the first changes); it opens in full. */
export function AuditCards({ logs, fresh, onOpen }: EntriesProps) {
  return (
    <Stack spacing={1} component="ul" aria-label="Registros de atividade" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {logs.map((log) => (
        <Card
          key={log.id}
          variant="outlined"
          component="li"
          onClick={() => onOpen(log)}
          sx={{ cursor: 'pointer', ...(fresh.has(log.id) ? FRESH_SX : {}) }}
        >
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1 } }}>
            <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
              <ActionChip action={log.action} />
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', pt: 0.25 }}>
                {formatDateTime(log.createdAt)}
              </Typography>
            </Stack>
            <Box sx={{ mt: 1, typography: 'body2' }}>
              <RecordLabel log={log} inline />
            </Box>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              por {authorOf(log)}
            </Typography>
            <ChangesSummary log={log} max={2} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(log);
                }}
              >
                Ver detalhes
              </Button>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
