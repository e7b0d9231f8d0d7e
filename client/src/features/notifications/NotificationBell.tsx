import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { NOTIFICATION_MSG, notificationBellLabel, unreadText } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { BELL_PAGE_SIZE } from './keys';
import { NotificationRow } from './NotificationItems';
import { useNotificationMutations, useNotifications, useOpenNotification } from './queries';

const POPOVER_ID = 'notificacoes-recentes';

/** Header bell: the unread count, and a popover with the latest notifications (spec §2.4, §4 Notification). */
export default function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const { data, isPending, isError, refetch } = useNotifications('all', 1, BELL_PAGE_SIZE);
  const { markAll } = useNotificationMutations();
  const open = useOpenNotification(close);
  const unread = data?.unread ?? 0;
  const label = notificationBellLabel(unread);

  return (
    <>
      <Tooltip title="Notificações">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={!!anchor}
          aria-controls={anchor ? POPOVER_ID : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            {unread > 0 ? <NotificationsOutlined /> : <NotificationsNoneOutlined />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={POPOVER_ID}
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notificações recentes',
            sx: {
              width: 'min(400px, calc(100vw - 16px))',
              maxHeight: 'min(580px, calc(100dvh - 80px))',
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              Notificações
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {unread === 0 ? NOTIFICATION_MSG.empty.unread : unreadText(unread)}
            </Typography>
          </Box>
          <Button
            size="small"
            startIcon={<DoneAllOutlined />}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {NOTIFICATION_MSG.markAll}
          </Button>
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto', flex: 1 }}>
          {isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label="Carregando notificações" />
            </Box>
          ) : isError && !data ? (
            <EmptyState
              compact
              title={NOTIFICATION_MSG.loadFailed}
              action={
                <Button size="small" onClick={() => void refetch()}>
                  Tentar novamente
                </Button>
              }
            />
          ) : data.notifications.length === 0 ? (
            <EmptyState compact title={NOTIFICATION_MSG.empty.all} description={NOTIFICATION_MSG.emptyHint} />
          ) : (
            <List disablePadding aria-label="Últimas notificações">
              {data.notifications.map((n) => (
                <NotificationRow key={n.id} n={n} onOpen={open} dense />
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Button component={RouterLink} to="/notificacoes" onClick={close} sx={{ borderRadius: 0, py: 1.25 }}>
          {NOTIFICATION_MSG.seeAll}
        </Button>
      </Popover>
    </>
  );
}
