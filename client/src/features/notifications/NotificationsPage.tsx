import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { NOTIFICATION_MSG, unreadText, type Notification } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { NotificationFilter } from './keys';
import { NotificationCard, NotificationRow } from './NotificationItems';
import { useNotificationMutations, useNotifications, useOpenNotification } from './queries';

/** The filter tabs and their values in the URL (`?filtro=nao-lidas`). */
const FILTERS: Array<{ value: NotificationFilter; param: string | null; label: string }> = [
  { value: 'all', param: null, label: 'Todas' },
  { value: 'unread', param: 'nao-lidas', label: 'Não lidas' },
  { value: 'read', param: 'lidas', label: 'Lidas' },
];
const PAGE_SIZES = [10, 20, 50];

function useListState() {
  const [sp, setSp] = useSearchParams();
  const filter = FILTERS.find((f) => f.param === sp.get('filtro'))?.value ?? 'all';
  const page = Math.max(1, Number.parseInt(sp.get('pagina') ?? '1', 10) || 1);
  const size = Number(sp.get('itens'));
  const pageSize = PAGE_SIZES.includes(size) ? size : 20;
  const go = (next: { filter?: NotificationFilter; page?: number; pageSize?: number }) => {
    const f = FILTERS.find((x) => x.value === (next.filter ?? filter));
    const p = next.page ?? page;
    const s = next.pageSize ?? pageSize;
    const params: Record<string, string> = {};
    if (f?.param) params.filtro = f.param;
    if (p > 1) params.pagina = String(p);
    if (s !== 20) params.itens = String(s);
    setSp(params, { replace: true });
  };
  return { filter, page, pageSize, go };
}

/** /notificacoes: the caller's notifications with a read/unread filter, server paging, mark one or all read. */
export default function NotificationsPage({ title }: PageProps) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { filter, page, pageSize, go } = useListState();
  const { data, isPending, isError, errorUpdatedAt, refetch } = useNotifications(filter, page, pageSize);
  useLoadErrorToast(isError, errorUpdatedAt, NOTIFICATION_MSG.loadFailed);
  const { markRead, markAll } = useNotificationMutations();
  const open = useOpenNotification();
  const onMarkRead = (n: Notification) => markRead.mutate(n.id);
  const unread = data?.unread ?? 0;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  // A page emptied by reads (or a stale link) falls back to the last page that has rows.
  const beyondEnd = !!data && data.notifications.length === 0 && page > pages;
  useEffect(() => {
    if (beyondEnd) go({ page: pages });
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle={unread === 0 ? NOTIFICATION_MSG.empty.unread : unreadText(unread)}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {NOTIFICATION_MSG.markAll}
          </Button>
        }
      />
      <Tabs
        value={filter}
        onChange={(_e, v: NotificationFilter) => go({ filter: v, page: 1 })}
        aria-label="Filtrar notificações"
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {FILTERS.map((f) => (
          <Tab
            key={f.value}
            value={f.value}
            label={f.label}
            id={`aba-${f.value}`}
            aria-controls="painel-notificacoes"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="painel-notificacoes" aria-labelledby={`aba-${filter}`}>
        {isPending ? (
          <ContentSpinner />
        ) : isError && !data ? (
          <LoadError message={NOTIFICATION_MSG.loadFailed} onRetry={() => void refetch()} />
        ) : !data || data.notifications.length === 0 ? (
          <Paper variant="outlined">
            <EmptyState
              icon={<NotificationsNoneOutlined fontSize="inherit" />}
              title={NOTIFICATION_MSG.empty[filter]}
              description={NOTIFICATION_MSG.emptyHint}
            />
          </Paper>
        ) : phone ? (
          <>
            <Stack component="ul" spacing={1.5} aria-label="Notificações" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.notifications.map((n) => (
                <NotificationCard key={n.id} n={n} onOpen={open} onMarkRead={onMarkRead} />
              ))}
            </Stack>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={page}
                onChange={(_e, p) => go({ page: p })}
                sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              />
            )}
          </>
        ) : (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <List disablePadding aria-label="Notificações">
              {data.notifications.map((n) => (
                <NotificationRow key={n.id} n={n} onOpen={open} onMarkRead={onMarkRead} />
              ))}
            </List>
            <TablePagination
              component="div"
              count={data.total}
              page={page - 1}
              onPageChange={(_e, p) => go({ page: p + 1 })}
              rowsPerPage={pageSize}
              onRowsPerPageChange={(e) => go({ pageSize: Number(e.target.value), page: 1 })}
              rowsPerPageOptions={PAGE_SIZES}
            />
          </Paper>
        )}
      </Box>
    </>
  );
}
