import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { PERMISSIONS_MSG } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

/** What a screen shows in place when the user's permissions no longer open it (changed live, or a typed URL). */
export function NoPermission({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={<LockOutlined fontSize="inherit" />}
        title={PERMISSIONS_MSG.noPermissionTitle}
        description={PERMISSIONS_MSG.noPermissionText}
        action={
          <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 1 }}>
            Voltar ao início
          </Button>
        }
      />
    </>
  );
}
