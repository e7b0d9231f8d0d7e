import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { MSG } from '@tombo/shared';
import { hasPermission, useSession } from '../../lib/session';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { actionLabel, entityLabel, useAuditLogs } from '../audit';

/** Relative form of a timestamp, e.g. 'há 5 minutos'. */
function formatRelative(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? formatDistanceToNow(date, { locale: ptBR, addSuffix: true }) : MSG.dates.invalid;
}

/** Latest audit entries (admin / supervisor, 'audit:read'). */
export function ActivityWidget() {
  const user = useSession((s) => s.user);
  const allowed = hasPermission(user, 'audit:read');
  const { data, isPending, isError } = useAuditLogs(1, 6, allowed);
  if (!allowed) return <EmptyState compact title="Atividade disponível para administradores e supervisores." />;
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title="Não foi possível carregar a atividade recente." />;
  if (!data || data.logs.length === 0) return <EmptyState compact title="Nenhuma atividade registrada." />;
  return (
    <>
      <List dense disablePadding>
        {data.logs.map((log) => (
          <ListItem key={log.id} disableGutters divider>
            <ListItemText
              primary={`${actionLabel(log.action)} · ${entityLabel(log.entityType)}${log.entityId ? ` #${log.entityId}` : ''}`}
              secondary={`${log.userName ?? 'Sistema'} · ${formatRelative(log.createdAt)}`}
            />
          </ListItem>
        ))}
      </List>
      <Button component={RouterLink} to="/registros-de-atividade" size="small" sx={{ mt: 1 }}>
        Ver todos os registros
      </Button>
    </>
  );
}
