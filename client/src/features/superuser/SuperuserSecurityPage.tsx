import Grid from '@mui/material/Grid';
import type { PageProps } from '../../lib/feature';
import { PageHeader } from '../../components/PageHeader';
import { SessionsSection, TwoFactorSection } from '../profile';

/** /superuser/security: the superuser's own two-step sign-in and active sessions (the same sections as /perfil). */
export default function SuperuserSecurityPage({ title }: PageProps) {
  return (
    <>
      <PageHeader title={title} subtitle="Proteja a conta de superusuário: ela alcança todos os municípios." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12 }}>
          <TwoFactorSection />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <SessionsSection />
        </Grid>
      </Grid>
    </>
  );
}
