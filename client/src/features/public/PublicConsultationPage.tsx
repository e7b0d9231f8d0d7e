import Paper from '@mui/material/Paper';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { PublicLayout } from '../../app/layouts/public/PublicLayout';

/** Public consultation screens: their content belongs to a later issue. */
export default function PublicConsultationPage({ title }: { title: string }) {
  return (
    <PublicLayout>
      <PageHeader title={title} subtitle="Consulta pública ao patrimônio do município." />
      <Paper variant="outlined">
        <EmptyState description="A consulta pública de bens e imóveis será disponibilizada em uma próxima versão." />
      </Paper>
    </PublicLayout>
  );
}
