import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Tune from '@mui/icons-material/Tune';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { ROLE_LABELS, SECTOR_RESTRICTED_ROLES, formatNumber, painelOfPath } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { useCanOpen } from '../../lib/permissions';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useLocais } from '../locais';
import { useSectors } from '../sectors';
import { useDashboardLayout } from './layout';
import { WidgetCard } from './WidgetCard';
import { PrimeirosPassosCard } from './PrimeirosPassosCard';

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

/** Unified dashboard (/, /dashboard) and the role dashboards: real data only, widgets laid out per user (server). */
export default function DashboardPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const sectors = useSectors();
  const locais = useLocais();
  const painel = painelOfPath(useLocation().pathname);
  const { query, layout, available, add, remove, move, resize, restoreDefault, personalizado } = useDashboardLayout(
    painel,
    user?.role,
  );
  const [customizing, setCustomizing] = useState(false);
  // A usuario's count cards cover its own sectors, as its widgets do (the sector list names every sector).
  const restricted = !!user && SECTOR_RESTRICTED_ROLES.includes(user.role);
  const myLocais = sectors.data?.sectors
    .filter((x) => user?.sectorIds.includes(x.id))
    .reduce((n, x) => n + x.locaisCount, 0);
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const sectorsAllowed = useCanOpen()('/configuracoes/setores');

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
          customizing ? (
            <>
              <Button
                variant="outlined"
                startIcon={<Add />}
                disabled={available.length === 0}
                onClick={(e) => setAddAnchor(e.currentTarget)}
                aria-haspopup="menu"
              >
                Adicionar widget
              </Button>
              <Menu anchorEl={addAnchor} open={!!addAnchor} onClose={() => setAddAnchor(null)}>
                {available.map((w) => (
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
              <Button variant="text" startIcon={<RestartAlt />} disabled={!personalizado} onClick={restoreDefault}>
                Restaurar padrão
              </Button>
              <Button variant="contained" startIcon={<Check />} onClick={() => setCustomizing(false)}>
                Concluir
              </Button>
            </>
          ) : (
            <Button variant="outlined" startIcon={<Tune />} onClick={() => setCustomizing(true)}>
              Personalizar painel
            </Button>
          )
        }
      />
      <PrimeirosPassosCard />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, lg: 3 }}>
          <CountCard
            label={restricted ? 'Meus setores' : 'Setores'}
            value={restricted ? user.sectorIds.length : sectors.data?.total}
            loading={sectors.isPending}
            to={sectorsAllowed ? '/configuracoes/setores' : null}
            icon={<AccountTreeOutlined />}
          />
        </Grid>
        <Grid size={{ xs: 6, lg: 3 }}>
          <CountCard
            label={restricted ? 'Locais dos meus setores' : 'Locais'}
            value={restricted ? myLocais : locais.data?.total}
            loading={restricted ? sectors.isPending : locais.isPending}
            to="/locais"
            icon={<PlaceOutlined />}
          />
        </Grid>
      </Grid>
      {query.isPending ? (
        <ContentSpinner />
      ) : query.isError ? (
        <Card variant="outlined">
          <EmptyState title="Não foi possível carregar o layout do painel." />
        </Card>
      ) : layout.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            title="Nenhum widget no painel."
            action={<Button onClick={restoreDefault}>Restaurar widgets padrão</Button>}
          />
        </Card>
      ) : (
        <Grid container spacing={2}>
          {layout.map((w, index) => (
            <WidgetCard
              key={w.id}
              widget={w}
              first={index === 0}
              last={index === layout.length - 1}
              customizing={customizing}
              onMove={move}
              onRemove={remove}
              onResize={resize}
            />
          ))}
        </Grid>
      )}
    </>
  );
}
