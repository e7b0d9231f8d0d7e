import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { MAIN_ROUTES, ROLE_LABELS, formatNumber } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useLocais } from '../locais';
import { useSectors } from '../sectors';
import { ActivityWidget } from './ActivityWidget';
import { PendingWidget } from './PendingWidget';
import { AssetStatsWidget, AssetStatusWidget, AssetTypeWidget } from './AssetWidgets';
import { ImovelWidget } from './ImovelWidget';
import { WIDGETS, useDashboardLayout, widgetTitle, type WidgetId } from './dashboardWidgets';

function CountCard({
  label,
  value,
  loading,
  to,
  icon,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
  to: string | null;
  icon: ReactNode;
}) {
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, md: 2 } }}>
      <Box
        sx={{
          width: { xs: 40, md: 48 },
          height: { xs: 40, md: 48 },
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
          {loading ? <Skeleton width={48} /> : value == null ? '—' : formatNumber(value)}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined">
      {to ? (
        <CardActionArea component={RouterLink} to={to} aria-label={`${label}: ${value ?? '—'}`}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function WidgetBody({ id }: { id: WidgetId }) {
  if (id === 'activity') return <ActivityWidget />;
  if (id === 'stats') return <AssetStatsWidget />;
  if (id === 'status') return <AssetStatusWidget />;
  if (id === 'type') return <AssetTypeWidget />;
  if (id === 'pending') return <PendingWidget />;
  if (id === 'imoveis') return <ImovelWidget />;
  return (
    <EmptyState compact description="Os dados aparecerão aqui quando o cadastro correspondente estiver disponível." />
  );
}

/** Unified dashboard (/, /dashboard) and the role dashboards: real data only, configurable widgets. */
export default function DashboardPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const sectors = useSectors();
  const locais = useLocais();
  const { widgets, add, remove, move, restoreDefault } = useDashboardLayout();
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const missing = WIDGETS.filter((w) => !widgets.includes(w.id));
  const sectorsAllowed =
    !!user && !!MAIN_ROUTES.find((r) => r.path === '/configuracoes/setores')?.roles.some((r) => r === user.role);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          user
            ? `Bem-vindo(a), ${user.name} · ${ROLE_LABELS[user.role]}${user.municipalityName ? ` · ${user.municipalityName}` : ''}`
            : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<Add />}
              disabled={missing.length === 0}
              onClick={(e) => setAddAnchor(e.currentTarget)}
              aria-haspopup="menu"
            >
              Adicionar widget
            </Button>
            <Menu anchorEl={addAnchor} open={!!addAnchor} onClose={() => setAddAnchor(null)}>
              {missing.map((w) => (
                <MenuItem
                  key={w.id}
                  onClick={() => {
                    add(w.id);
                    setAddAnchor(null);
                  }}
                >
                  {w.title}
                </MenuItem>
              ))}
            </Menu>
          </>
        }
      />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, lg: 3 }}>
          <CountCard
            label="Setores"
            value={sectors.data?.total}
            loading={sectors.isPending}
            to={sectorsAllowed ? '/configuracoes/setores' : null}
            icon={<AccountTreeOutlined />}
          />
        </Grid>
        <Grid size={{ xs: 6, lg: 3 }}>
          <CountCard
            label="Locais"
            value={locais.data?.total}
            loading={locais.isPending}
            to="/locais"
            icon={<PlaceOutlined />}
          />
        </Grid>
      </Grid>
      {widgets.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            title="Nenhum widget no painel."
            action={<Button onClick={restoreDefault}>Restaurar widgets padrão</Button>}
          />
        </Card>
      ) : (
        <Grid container spacing={2}>
          {widgets.map((id, index) => (
            <Grid key={id} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={widgetTitle(id)}>
                <CardHeader
                  title={widgetTitle(id)}
                  slotProps={{ title: { variant: 'h3', component: 'h2' } }}
                  action={
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title="Mover para cima">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Mover ${widgetTitle(id)} para cima`}
                            disabled={index === 0}
                            onClick={() => move(id, -1)}
                          >
                            <ArrowUpward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Mover para baixo">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Mover ${widgetTitle(id)} para baixo`}
                            disabled={index === widgets.length - 1}
                            onClick={() => move(id, 1)}
                          >
                            <ArrowDownward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Remover">
                        <IconButton size="small" aria-label={`Remover ${widgetTitle(id)}`} onClick={() => remove(id)}>
                          <Close fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  }
                  sx={{ pb: 0 }}
                />
                <CardContent>
                  <WidgetBody id={id} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
