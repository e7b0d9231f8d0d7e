import type { PageProps } from '../../lib/feature';
import { PageHeader } from '../../components/PageHeader';
import { TwoFactorSection } from '../profile';

/** /superuser/security: the superuser's own two-step sign-in (the same section as /perfil). */
export default function SuperuserSecurityPage({ title }: PageProps) {
  return (
    <>
      <PageHeader title={title} subtitle="Proteja a conta de superusuário: ela alcança todos os municípios." />
      <TwoFactorSection />
    </>
  );
}
