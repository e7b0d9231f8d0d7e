import type { PageProps } from '../../lib/feature';
import { PageHeader } from '../../components/PageHeader';
import Stack from '@mui/material/Stack';
import { SessionsSection, TwoFactorSection } from '../profile';

/** /superuser/security: the superuser's own two-step sign-in and sessions (the same sections as /perfil). */
export default function SuperuserSecurityPage({ title }: PageProps) {
  return (
    <>
      <PageHeader title={title} subtitle="Proteja a conta de superusuário: ela alcança todos os municípios." />
      <Stack spacing={3}>
        <TwoFactorSection />
        <SessionsSection />
      </Stack>
    </>
  );
}
