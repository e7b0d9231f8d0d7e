import Paper from '@mui/material/Paper';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

export default function SuperuserPlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined">
        <EmptyState description="Esta funcionalidade do painel do superusuário será disponibilizada em uma próxima versão." />
      </Paper>
    </>
  );
}
