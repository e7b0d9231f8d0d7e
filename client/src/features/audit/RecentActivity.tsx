import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { AUDIT_MSG, MSG, auditActionLabel, formatDateTime } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { RecordLabel, authorOf } from './parts';
import { useRecentAudit } from './queries';

/** 'há 5 minutos'. */
function relative(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? formatDistanceToNow(date, { locale: ptBR, addSuffix: true }) : MSG.dates.invalid;
}

/**
 * 'Atividade Recente': the latest entries the server lets this user see (the whole log for those who
 * read it, entries about their own sectors' assets for a `usuario`), new ones on top as they happen.
 */
export function RecentActivity({ limit = 6, showAll }: { limit?: number; showAll: boolean }) {
  const { data, isPending, isError } = useRecentAudit(limit);
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title={AUDIT_MSG.recentFailed} />;
  return (
    <>
      {data.logs.length === 0 ? (
        <EmptyState compact title={AUDIT_MSG.empty} />
      ) : (
        <List dense disablePadding aria-label="Atividade recente">
          {data.logs.map((log) => (
            <ListItem key={log.id} disableGutters divider>
              <ListItemText
                primary={
                  <>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {auditActionLabel(log.action)}
                    </Box>
                    {' · '}
                    <RecordLabel log={log} inline />
                  </>
                }
                secondary={
                  <span title={formatDateTime(log.createdAt)}>
                    {authorOf(log)} · {relative(log.createdAt)}
                  </span>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {showAll && (
        <Button component={RouterLink} to="/registros-de-atividade" size="small" sx={{ mt: 1 }}>
          Ver todos os registros
        </Button>
      )}
    </>
  );
}
