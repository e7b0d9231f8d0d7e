import Paper from '@mui/material/Paper';
import { VERSION_MSG } from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { VersionPanel } from './VersionPanel';

/** /superuser/version-update: the version manager as a page. */
export default function VersionUpdatePage({ title }: PageProps) {
  return (
    <>
      <PageHeader title={title} subtitle={VERSION_MSG.subtitle} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}>
        <VersionPanel />
      </Paper>
    </>
  );
}
