import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SUPERUSER_MENU } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';
import { SUPERUSER_ICONS } from '../../app/layouts/shared/menuIcons';

/** Superuser dashboard: entry points to the back-office areas. */
export default function SuperuserDashboardPage() {
  const user = useSession((s) => s.user);
  const areas = SUPERUSER_MENU.filter((i) => i.path !== '/superuser');
  return (
    <>
      <PageHeader title="Painel do Superusuário" subtitle={user ? `Bem-vindo(a), ${user.name}.` : undefined} />
      <Grid container spacing={2}>
        {areas.map((item) => (
          <Grid key={item.path} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={item.path} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  {SUPERUSER_ICONS[item.path]}
                  <Typography sx={{ fontWeight: 600 }}>{item.label}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
