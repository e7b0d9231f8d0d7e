import Paper from '@mui/material/Paper';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';

/** A screen owned by a later issue: its title and an empty state, never sample data. */
export default function PlaceholderPage({ title }: PageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined">
        <EmptyState
          icon={<ConstructionOutlined fontSize="inherit" />}
          description="Esta funcionalidade será disponibilizada em uma próxima versão do sistema."
        />
      </Paper>
    </>
  );
}
