import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { EmprestimoListItem } from '@tombo/shared';

/** The lent asset's number, linking to its record. */
export function AssetLink({ loan }: { loan: EmprestimoListItem }) {
  return (
    <Link
      component={RouterLink}
      to={`/bens-cadastrados/ver/${loan.patrimonioId}`}
      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
    >
      {loan.numero_patrimonio}
    </Link>
  );
}
