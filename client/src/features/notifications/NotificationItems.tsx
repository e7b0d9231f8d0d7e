import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import {
  NOTIFICATION_MSG,
  NOTIFICATION_TYPE_LABELS,
  formatDateTime,
  type Notification,
  type NotificationType,
} from '@tombo/shared';

const TYPE_ICONS: Record<NotificationType, ReactNode> = {
  document: <DescriptionOutlined fontSize="small" />,
  transfer: <SwapHorizOutlined fontSize="small" />,
  loan: <HandshakeOutlined fontSize="small" />,
  system: <InfoOutlined fontSize="small" />,
};

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const unreadTint = (n: Notification) => (n.isRead ? undefined : (t: Theme) => alpha(t.palette.primary.main, 0.08));

/** Type icon, title (bold with a dot while unread), description and the date-time. */
function NotificationBody({ n, clamp }: { n: Notification; clamp?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      <Avatar
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          bgcolor: n.isRead ? 'action.selected' : 'primary.main',
          color: n.isRead ? 'text.secondary' : 'primary.contrastText',
        }}
      >
        {TYPE_ICONS[n.type] ?? TYPE_ICONS.system}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: n.isRead ? 500 : 700, minWidth: 0 }}>
            {!n.isRead && <Box component="span" sx={HIDDEN}>{`${NOTIFICATION_MSG.unreadLabel}: `}</Box>}
            {n.title}
          </Typography>
          {!n.isRead && (
            <Box
              aria-hidden
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
        </Box>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{
            display: clamp ? '-webkit-box' : 'block',
            WebkitLineClamp: clamp ? 2 : undefined,
            WebkitBoxOrient: clamp ? 'vertical' : undefined,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {n.description}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
          <time dateTime={n.timestamp}>{formatDateTime(n.timestamp)}</time>
          {` · ${NOTIFICATION_TYPE_LABELS[n.type] ?? n.type}`}
        </Typography>
      </Box>
    </Box>
  );
}

interface ItemProps {
  n: Notification;
  onOpen: (n: Notification) => void;
  onMarkRead?: (n: Notification) => void;
}

/** A notification as a list row (the bell and the desktop page); the row opens it. */
export function NotificationRow({ n, onOpen, onMarkRead, dense }: ItemProps & { dense?: boolean }) {
  const action =
    onMarkRead && !n.isRead ? (
      <Tooltip title={NOTIFICATION_MSG.markOne}>
        <IconButton edge="end" aria-label={`${NOTIFICATION_MSG.markOne}: ${n.title}`} onClick={() => onMarkRead(n)}>
          <DoneOutlined />
        </IconButton>
      </Tooltip>
    ) : undefined;
  return (
    <ListItem disablePadding divider secondaryAction={action}>
      <ListItemButton
        onClick={() => onOpen(n)}
        sx={{ py: dense ? 1 : 1.5, pr: action ? 8 : 2, bgcolor: unreadTint(n) }}
      >
        <NotificationBody n={n} clamp={dense} />
      </ListItemButton>
    </ListItem>
  );
}

/** A notification as a card (the page under 768 px), with its mark-read button below. */
export function NotificationCard({ n, onOpen, onMarkRead }: ItemProps) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ bgcolor: unreadTint(n), borderLeft: 4, borderLeftColor: n.isRead ? 'divider' : 'primary.main' }}
    >
      <CardActionArea onClick={() => onOpen(n)} sx={{ p: 1.5 }}>
        <NotificationBody n={n} />
      </CardActionArea>
      {onMarkRead && !n.isRead && (
        <CardActions sx={{ pt: 0, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<DoneOutlined />}
            aria-label={`${NOTIFICATION_MSG.markOne}: ${n.title}`}
            onClick={() => onMarkRead(n)}
          >
            {NOTIFICATION_MSG.markOne}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
