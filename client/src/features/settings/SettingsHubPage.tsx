import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useMenu } from '../../lib/permissions';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';

/** /configuracoes: entry points to the administration and settings pages. */
export default function SettingsHubPage({ title }: PageProps) {
  const groups = useMenu().filter((g) => g.id === 'administracao' || g.id === 'configuracoes');
  return (
    <>
      <PageHeader title={title} subtitle="Administração e configurações do sistema." />
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`hub-${group.id}`}>
          <Typography id={`hub-${group.id}`} variant="h2" sx={{ mt: 2, mb: 1.5 }}>
            {group.label}
          </Typography>
          <Grid container spacing={2}>
            {group.items.map((item) => (
              <Grid key={item.path} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card variant="outlined">
                  <CardActionArea component={RouterLink} to={item.path}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center' }}>
                      <Typography sx={{ flex: 1, fontWeight: 600 }}>{item.label}</Typography>
                      <ChevronRight aria-hidden />
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </section>
      ))}
    </>
  );
}
