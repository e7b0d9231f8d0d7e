import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import { MSG, SECURITY_MSG, formatDateTime, type ActiveSession } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { fetchSessions, revokeOthers, revokeSession } from './api';
import { profileKeys } from './keys';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];
const mobile = (ua: string | null) => !!ua && /Android|iPhone|iPad|Mobile/.test(ua);

/** 'Chrome no Windows' from a user agent ('Dispositivo desconhecido' without one). */
export function deviceOf(ua: string | null): string {
  if (!ua) return 'Dispositivo desconhecido';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? ua.slice(0, 60);
}

/** /perfil: the own active sessions; end one, or every other at once. */
export function SessionsSection() {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: profileKeys.sessions, queryFn: fetchSessions });
  const [confirmAll, setConfirmAll] = useState(false);
  const done = (message: string) => {
    toast.success(message, MSG.success);
    void qc.invalidateQueries({ queryKey: profileKeys.sessions });
  };
  const fail = (err: unknown) => toast.error(errorMessage(err, MSG.http.internal));
  const one = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => done(SECURITY_MSG.sessionRevoked),
    onError: fail,
  });
  const others = useMutation({
    mutationFn: revokeOthers,
    onSuccess: (r) => {
      setConfirmAll(false);
      done(r.message);
    },
    onError: fail,
  });
  const sessions = list.data ?? [];
  const hasOthers = sessions.some((x) => !x.current);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" component="h2">
          Sessões ativas
        </Typography>
        <Button
          color="error"
          variant="outlined"
          disabled={!hasOthers || others.isPending}
          onClick={() => setConfirmAll(true)}
        >
          Sair de todas as outras sessões
        </Button>
      </Box>
      <List aria-label="Sessões ativas">
        {sessions.map((x: ActiveSession) => (
          <ListItem
            key={x.id}
            divider
            disableGutters
            secondaryAction={
              x.current ? (
                <Chip size="small" color="primary" label="Esta sessão" />
              ) : (
                <Button
                  size="small"
                  onClick={() => one.mutate(x.id)}
                  disabled={one.isPending}
                  aria-label={`Encerrar a sessão ${deviceOf(x.userAgent)}`}
                >
                  Encerrar
                </Button>
              )
            }
            sx={{ pr: 12 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              {mobile(x.userAgent) ? <PhoneAndroidOutlined /> : <ComputerOutlined />}
            </ListItemIcon>
            <ListItemText
              primary={deviceOf(x.userAgent)}
              secondary={`IP ${x.ip ?? '—'} · iniciada em ${formatDateTime(x.createdAt)} · último uso ${formatDateTime(x.lastUsedAt)}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirmAll}
        title="Sair de todas as outras sessões"
        message="As sessões em outros navegadores e dispositivos serão encerradas imediatamente. Esta sessão continua ativa."
        confirmLabel="Sair das outras sessões"
        destructive
        busy={others.isPending}
        onConfirm={() => others.mutate()}
        onClose={() => setConfirmAll(false)}
      />
    </Paper>
  );
}
